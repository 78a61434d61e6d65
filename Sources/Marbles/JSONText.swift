import StreamCore

/// JSON written by hand, so keys keep the order the schema shows and numbers
/// keep their exact form.
enum JSONText {
  /// The JSON form of a value: numbers stay numbers, tuples become arrays,
  /// durations become milliseconds. JSON has no NaN or infinity, so those are
  /// written as the strings `"nan"`, `"inf"`, `"-inf"`; a stream as its source text.
  static func value(_ value: Value) -> String {
    switch value {
    case .int(let number): return String(number)
    case .double(let number):
      guard number.isFinite else {
        return TextEscaping.jsonStringLiteral(number.isNaN ? "nan" : number < 0 ? "-inf" : "inf")
      }
      return String(number)
    case .string(let text): return TextEscaping.jsonStringLiteral(text)
    case .bool(let flag): return flag ? "true" : "false"
    case .null: return "null"
    case .array(let items), .tuple(let items): return "[" + items.map(self.value).joined(separator: ", ") + "]"
    case .duration(let interval): return Milliseconds.text(interval.nanoseconds)
    case .stream(let stream): return TextEscaping.jsonStringLiteral(stream.description)
    }
  }
}
