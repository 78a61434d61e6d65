import StreamCore

/// One member or free function an expression may use: `x.count`,
/// `x.hasPrefix("a")`, `String(x)`, `fail("msg")`. Looked up once, when the
/// expression is compiled.
struct BuiltinFunction {
  enum Form {
    /// `x.count`
    case property
    /// `x.hasPrefix("a")`: the receiver is the first argument.
    case method
    /// `abs(x)`
    case function
  }

  let name: String
  let form: Form
  /// Accepted argument counts, not counting a method's receiver.
  let arity: ClosedRange<Int>
  let apply: ([Value]) throws(EvaluationError) -> Value

  /// The spelling a student should use, for "write `x.count`" messages.
  var spelling: String {
    switch form {
    case .property: return "x.\(name)"
    case .method: return arity.upperBound == 0 ? "x.\(name)()" : "x.\(name)(…)"
    case .function: return "\(name)(…)"
    }
  }

  static func named(_ name: String, form: Form) -> BuiltinFunction? {
    switch form {
    case .property: return properties[name]
    case .method: return methods[name]
    case .function: return functions[name]
    }
  }

  /// Every name of a form, for "did you mean".
  static func names(_ form: Form) -> [String] {
    switch form {
    case .property: return properties.keys.sorted()
    case .method: return methods.keys.sorted()
    case .function: return functions.keys.sorted()
    }
  }

  private static let properties: [String: BuiltinFunction] = index([
    BuiltinFunction(name: "count", form: .property, arity: 0...0) { arguments throws(EvaluationError) in
      switch arguments[0] {
      case .string(let text): return .int(text.count)
      case .array(let items): return .int(items.count)
      default: throw unsupported("count", arguments[0])
      }
    },
    BuiltinFunction(name: "isEmpty", form: .property, arity: 0...0) { arguments throws(EvaluationError) in
      switch arguments[0] {
      case .string(let text): return .bool(text.isEmpty)
      case .array(let items): return .bool(items.isEmpty)
      default: throw unsupported("isEmpty", arguments[0])
      }
    },
    BuiltinFunction(name: "first", form: .property, arity: 0...0) { arguments throws(EvaluationError) in
      switch arguments[0] {
      case .string(let text): return text.first.map { .string(String($0)) } ?? .null
      case .array(let items): return items.first ?? .null
      default: throw unsupported("first", arguments[0])
      }
    },
    BuiltinFunction(name: "last", form: .property, arity: 0...0) { arguments throws(EvaluationError) in
      switch arguments[0] {
      case .string(let text): return text.last.map { .string(String($0)) } ?? .null
      case .array(let items): return items.last ?? .null
      default: throw unsupported("last", arguments[0])
      }
    },
  ])

  private static let methods: [String: BuiltinFunction] = index([
    BuiltinFunction(name: "uppercased", form: .method, arity: 0...0) { arguments throws(EvaluationError) in
      guard case .string(let text) = arguments[0] else { throw unsupported("uppercased()", arguments[0]) }
      return .string(text.uppercased())
    },
    BuiltinFunction(name: "lowercased", form: .method, arity: 0...0) { arguments throws(EvaluationError) in
      guard case .string(let text) = arguments[0] else { throw unsupported("lowercased()", arguments[0]) }
      return .string(text.lowercased())
    },
    BuiltinFunction(name: "hasPrefix", form: .method, arity: 1...1) { arguments throws(EvaluationError) in
      guard case .string(let text) = arguments[0], case .string(let prefix) = arguments[1] else {
        throw EvaluationError(
          .typeMismatch,
          "`hasPrefix` needs two Strings, not \(ValueOperators.describe(arguments[0])) and \(ValueOperators.describe(arguments[1]))"
        )
      }
      return .bool(text.hasPrefix(prefix))
    },
    BuiltinFunction(name: "hasSuffix", form: .method, arity: 1...1) { arguments throws(EvaluationError) in
      guard case .string(let text) = arguments[0], case .string(let suffix) = arguments[1] else {
        throw EvaluationError(
          .typeMismatch,
          "`hasSuffix` needs two Strings, not \(ValueOperators.describe(arguments[0])) and \(ValueOperators.describe(arguments[1]))"
        )
      }
      return .bool(text.hasSuffix(suffix))
    },
    BuiltinFunction(name: "contains", form: .method, arity: 1...1) { arguments throws(EvaluationError) in
      switch (arguments[0], arguments[1]) {
      case (.string(let text), .string(let part)): return .bool(text.contains(part))
      case (.array(let items), let item): return .bool(items.contains { ValueOperators.equal($0, item) })
      default:
        throw EvaluationError(
          .typeMismatch, "`contains` needs a String or an Array, not \(ValueOperators.describe(arguments[0]))")
      }
    },
  ])

  private static let functions: [String: BuiltinFunction] = index([
    BuiltinFunction(name: "String", form: .function, arity: 1...1) { arguments in
      if case .string(let text) = arguments[0] { return .string(text) }
      return .string(arguments[0].description)
    },
    // Swift's `Int(_:)` from a String is optional: nil when it does not parse.
    BuiltinFunction(name: "Int", form: .function, arity: 1...1) { arguments throws(EvaluationError) in
      switch arguments[0] {
      case .int: return arguments[0]
      case .string(let text): return Int(text).map(Value.int) ?? .null
      case .double(let number):
        guard let whole = Int(exactly: number.rounded(.towardZero)) else {
          throw EvaluationError(.overflow, "Int(\(Value.double(number))) is out of range of Int")
        }
        return .int(whole)
      default: throw unsupported("Int(…)", arguments[0])
      }
    },
    BuiltinFunction(name: "Double", form: .function, arity: 1...1) { arguments throws(EvaluationError) in
      switch arguments[0] {
      case .double: return arguments[0]
      case .int(let number): return .double(Double(number))
      case .string(let text): return Double(text).map(Value.double) ?? .null
      default: throw unsupported("Double(…)", arguments[0])
      }
    },
    BuiltinFunction(name: "abs", form: .function, arity: 1...1) { arguments throws(EvaluationError) in
      switch arguments[0] {
      case .int(let number):
        if number == .min { throw EvaluationError(.overflow, "integer overflow: abs(\(number))") }
        return .int(abs(number))
      case .double(let number): return .double(abs(number))
      case .duration(let time):
        if time.nanoseconds == .min { throw EvaluationError(.overflow, "integer overflow: abs(\(time))") }
        return .duration(.nanoseconds(abs(time.nanoseconds)))
      default: throw unsupported("abs(…)", arguments[0])
      }
    },
    BuiltinFunction(name: "min", form: .function, arity: 2...16) { arguments throws(EvaluationError) in
      var smallest = arguments[0]
      for argument in arguments.dropFirst() where try ValueOperators.less(argument, smallest) { smallest = argument }
      return smallest
    },
    BuiltinFunction(name: "max", form: .function, arity: 2...16) { arguments throws(EvaluationError) in
      var largest = arguments[0]
      for argument in arguments.dropFirst() where try ValueOperators.less(largest, argument) { largest = argument }
      return largest
    },
    BuiltinFunction(name: "fail", form: .function, arity: 1...1) { arguments throws(EvaluationError) in
      if case .string(let text) = arguments[0] { throw EvaluationError(.userFailure, text) }
      throw EvaluationError(.userFailure, arguments[0].description)
    },
  ])

  private static func index(_ functions: [BuiltinFunction]) -> [String: BuiltinFunction] {
    Dictionary(functions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
  }

  private static func unsupported(_ member: String, _ value: Value) -> EvaluationError {
    EvaluationError(.typeMismatch, "`\(member)` does not work on \(ValueOperators.describe(value))")
  }
}
