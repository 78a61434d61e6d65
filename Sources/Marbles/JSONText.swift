import StreamCore

/// JSON written by hand, so keys keep the order the schema shows and numbers
/// keep their exact form.
enum JSONText {
  /// The JSON form of a value: numbers stay numbers, tuples become arrays,
  /// durations become milliseconds. JSON has no NaN or infinity, so those are
  /// written as the strings `"nan"`, `"inf"`, `"-inf"`; a stream as its source text.
  static func value(_ value: Value) -> String {
    TextOutput.string { write(value, to: $0) }
  }

  /// `value(_:)` written straight into `output`; an `Int`, the common case
  /// in a long run, without making a String.
  static func write(_ value: Value, to output: TextOutput) {
    switch value {
    case .int(let number): output.write(number)
    case .double(let number):
      guard number.isFinite else {
        output.write(TextEscaping.jsonStringLiteral(number.isNaN ? "nan" : number < 0 ? "-inf" : "inf"))
        return
      }
      output.write(String(number))
    case .string(let text): output.write(TextEscaping.jsonStringLiteral(text))
    case .bool(let flag): output.write(flag ? "true" : "false")
    case .null: output.write("null")
    case .array(let items), .tuple(let items):
      output.write("[")
      for (index, item) in items.enumerated() {
        if index > 0 { output.write(", ") }
        write(item, to: output)
      }
      output.write("]")
    case .duration(let interval): Milliseconds.write(interval.nanoseconds, to: output)
    case .stream(let stream): output.write(TextEscaping.jsonStringLiteral(stream.description))
    case .opaque(let value): output.write(TextEscaping.jsonStringLiteral(value.description))
    }
  }
}
