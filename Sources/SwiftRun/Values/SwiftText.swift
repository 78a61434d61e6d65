import StreamCore

/// How Swift turns values into text: `print` and string interpolation use
/// `plain` (a String as it is), collections and associated values `debug`
/// (a String in quotes), as `String(describing:)` and `String(reflecting:)` do.
enum SwiftText {
  static func plain(_ value: Value) -> String {
    switch value {
    case .string(let text): return text
    case .opaque(let subject as SubjectValue): return subject.printed ?? subject.description
    case .opaque(let opaque): return opaque.description
    default: return debug(value)
    }
  }

  static func debug(_ value: Value) -> String {
    switch value {
    case .string(let text): return TextEscaping.swiftStringLiteral(text)
    case .int(let number): return String(number)
    case .double(let number): return String(number)
    case .bool(let flag): return String(flag)
    case .null: return "nil"
    case .array(let items): return "[" + items.map(debug).joined(separator: ", ") + "]"
    case .tuple(let items): return "(" + items.map(debug).joined(separator: ", ") + ")"
    case .duration(let interval): return interval.description
    case .stream(let stream): return stream.description
    case .opaque(let subject as SubjectValue): return subject.printed ?? subject.description
    // Inside another value, an enum the paste declares is written with its
    // type (and, in Swift, its module: `Machine.noteModuleNames`).
    case .opaque(let enumValue as EnumValue) where enumValue.definition.map { $0.customDescription == nil } == true:
      return "\(enumValue.typeName).\(enumValue.description)"
    case .opaque(let opaque): return opaque.description
    }
  }
}
