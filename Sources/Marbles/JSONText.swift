import StreamCore

/// JSON written by hand, so keys keep the order the schema shows and numbers
/// keep their exact form.
enum JSONText {
  /// `text` as a JSON string literal, with every character JSON requires escaped.
  static func string(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{08}": result += "\\b"
      case "\u{0C}": result += "\\f"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          let hex = String(scalar.value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  /// The JSON form of a value: numbers stay numbers, tuples become arrays,
  /// durations become milliseconds. JSON has no NaN or infinity, so those are
  /// written as the strings `"nan"`, `"inf"`, `"-inf"`; a stream as its source text.
  static func value(_ value: Value) -> String {
    switch value {
    case .int(let number): return String(number)
    case .double(let number):
      guard number.isFinite else { return string(number.isNaN ? "nan" : number < 0 ? "-inf" : "inf") }
      return String(number)
    case .string(let text): return string(text)
    case .bool(let flag): return flag ? "true" : "false"
    case .null: return "null"
    case .array(let items), .tuple(let items): return "[" + items.map(self.value).joined(separator: ", ") + "]"
    case .duration(let interval): return Milliseconds.text(interval.nanoseconds)
    case .stream(let stream): return string(stream.description)
    }
  }
}
