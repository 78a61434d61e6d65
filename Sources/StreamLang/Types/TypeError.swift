/// The type errors of the checker as diagnostics: first what Swift would
/// say, then (as the note) the Combine rule behind it and the fix.
enum TypeError {
  /// `just 1, "a"`: one publisher sends one Output type.
  static func heterogeneous(_ types: [String], at range: SourceRange, source: String, keyword: String) -> Diagnostic {
    Diagnostic(
      "heterogeneous collection literal could only be inferred to '[Any]': `\(keyword)` sends \(listed(types))",
      at: range,
      note:
        "a Combine publisher has one Output type; send values of one type, or make two publishers and `merge` them after `map`ping one to the other's type (`map String(x)`)"
    )
  }

  static func heterogeneousArray(_ types: [SwiftType], at range: SourceRange) -> Diagnostic {
    var distinct: [String] = []
    for type in types.map(\.spelling) where !distinct.contains(type) { distinct.append(type) }
    return Diagnostic(
      "heterogeneous collection literal could only be inferred to '[Any]': the array mixes \(listed(distinct))",
      at: range, note: "a Swift array holds one element type; convert the values first, e.g. `String(x)`")
  }

  static func binary(_ symbol: String, _ lhs: SwiftType, _ rhs: SwiftType, at range: SourceRange) -> Diagnostic {
    let fix: String
    if lhs == .string || rhs == .string {
      fix = "Swift never converts to a String implicitly; write `String(x)` first, e.g. `String(x) + \"a\"`"
    } else if case .optional = lhs {
      fix = "unwrap the optional first, e.g. `(x ?? 0) \(symbol) 1`"
    } else {
      fix = "Swift does not convert between these types; convert one side first"
    }
    return Diagnostic(
      "binary operator '\(symbol)' cannot be applied to operands of type '\(lhs.spelling)' and '\(rhs.spelling)'",
      at: range, note: fix)
  }

  /// `x * 2.5` with `x` an Int: swiftc's message, and the conversion that fixes it.
  static func intBesideDouble(
    _ symbol: String, _ lhs: SwiftType, _ rhs: SwiftType, fix: String, at range: SourceRange
  ) -> Diagnostic {
    Diagnostic(
      "binary operator '\(symbol)' cannot be applied to operands of type '\(lhs.spelling)' and '\(rhs.spelling)'",
      at: range,
      note:
        "Swift never converts an Int value to a Double implicitly (only a literal such as `2` becomes one); "
        + "convert it first: `\(fix)`")
  }

  static func unary(_ symbol: String, _ operand: SwiftType, at range: SourceRange) -> Diagnostic {
    Diagnostic("unary operator '\(symbol)' cannot be applied to an operand of type '\(operand.spelling)'", at: range)
  }

  static func ternary(_ a: SwiftType, _ b: SwiftType, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      "result values in '? :' expression have mismatching types '\(a.spelling)' and '\(b.spelling)'", at: range,
      note: "both sides of `?:` must have one type; convert one of them")
  }

  static func notBool(_ type: SwiftType, what: String, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      "cannot convert value of type '\(type.spelling)' to expected condition type 'Bool'", at: range,
      note: "\(what) must be a Bool, such as `x > 2`")
  }

  static func noMember(_ name: String, on base: SwiftType, arguments: [SwiftType]? = nil, at range: SourceRange)
    -> Diagnostic
  {
    let shown = arguments.map { "\(name)(\($0.map(\.spelling).joined(separator: ", ")))" } ?? name
    var note: String?
    if case .optional = base { note = "unwrap the optional first, e.g. `(x ?? \"\").\(name)`" }
    return Diagnostic("value of type '\(base.spelling)' has no member '\(shown)'", at: range, note: note)
  }

  static func call(_ name: String, _ arguments: [SwiftType], at range: SourceRange) -> Diagnostic {
    Diagnostic(
      "no exact matches in call to '\(name)' with argument\(arguments.count == 1 ? "" : "s") of type \(arguments.map { "'\($0.spelling)'" }.joined(separator: ", "))",
      at: range)
  }

  static func throwingClosure(_ operatorName: String, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      "call can throw, but `\(operatorName)`'s closure is not a throwing closure", at: range,
      note:
        "`fail(…)` throws; only `tryMap`, `tryFilter` and the other `try` operators take a closure that may throw, and the error becomes the pipeline's failure"
    )
  }

  static func notPublisher(_ type: SwiftType, operatorName: String, at range: SourceRange) -> Diagnostic {
    if operatorName == "switchToLatest" {
      return Diagnostic(
        "`switchToLatest` needs a publisher of publishers, but the upstream's Output is \(type.spelling)", at: range,
        note:
          "Combine declares it `where Output: Publisher`; map each value to a publisher first: `map { just x } | switchToLatest`"
      )
    }
    return Diagnostic(
      "`\(operatorName)`'s closure must return a publisher, not \(type.spelling)", at: range,
      note:
        "Combine declares `flatMap<P: Publisher>(_ transform: (Output) -> P)`; write a braced pipeline: `flatMap { just x }`"
    )
  }

  static func notConforming(_ type: SwiftType, to protocolName: String, operatorName: String, at range: SourceRange)
    -> Diagnostic
  {
    var note = "Combine declares `\(operatorName)` in `extension Publisher where Output: \(protocolName)`"
    if type.isTuple {
      note +=
        "; tuples have `==` but do not conform to Equatable: compare with a closure (`removeDuplicates by { a, b in a == b }`) or map the pair to one value"
    }
    return Diagnostic(
      "referencing instance method '\(operatorName)()' requires that '\(type.spelling)' conform to '\(protocolName)'",
      at: range, note: note)
  }

  static func valueType(_ operatorName: String, given: SwiftType, element: SwiftType, at range: SourceRange)
    -> Diagnostic
  {
    Diagnostic(
      "cannot convert value of type '\(given.spelling)' to expected argument type '\(element.spelling)'", at: range,
      note: "`\(operatorName)` takes a value of the upstream's Output type \(element.spelling)")
  }

  static func accumulator(_ operatorName: String, initial: SwiftType, result: SwiftType, at range: SourceRange)
    -> Diagnostic
  {
    Diagnostic(
      "cannot convert value of type '\(result.spelling)' to closure result type '\(initial.spelling)'", at: range,
      note:
        "Combine declares `\(operatorName)<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T)`: the closure must give the initial value's type \(initial.spelling)"
    )
  }

  static func outputMismatch(
    _ operatorName: String, upstream: SwiftType, other: SwiftType, otherText: String, at range: SourceRange
  ) -> Diagnostic {
    Diagnostic(
      "`\(operatorName)` needs publishers of one Output type: the upstream sends \(upstream.spelling), `\(otherText)` sends \(other.spelling)",
      at: range,
      note:
        "Combine declares `\(operatorName)` where P.Output == Output; `map` one side to the other's type first (`map String(x)`)"
    )
  }

  static func failureMismatch(
    _ operatorName: String, upstream: SwiftType, other: SwiftType, otherText: String, at range: SourceRange
  ) -> Diagnostic {
    let neverSide = upstream == .never ? "the upstream" : "`\(otherText)`"
    return Diagnostic(
      "instance method '\(operatorName)' requires the types '\(upstream.spelling)' and '\(other.spelling)' be equivalent: the upstream fails with \(upstream.spelling), \(otherText == "the inner publisher" ? otherText : "`\(otherText)`") with \(other.spelling)",
      at: range,
      note:
        "Combine needs publishers that meet in `\(operatorName)` to have one Failure type; add `setFailureType` to \(neverSide) (Swift: `.setFailureType(to: Error.self)`), or handle the error on the other side (`replaceError`, `catch`)"
    )
  }

  static func catchOutput(_ operatorName: String, upstream: SwiftType, fallback: SwiftType, at range: SourceRange)
    -> Diagnostic
  {
    Diagnostic(
      "`\(operatorName)` must produce the upstream's Output: the upstream sends \(upstream.spelling), the fallback sends \(fallback.spelling)",
      at: range,
      note:
        "Combine declares `\(operatorName)<P>(_ handler: (Failure) \(operatorName == "tryCatch" ? "throws " : "")-> P) where Output == P.Output`; give a fallback of \(upstream.spelling) values, such as `\(operatorName) { just \(example(of: upstream)) }`"
    )
  }

  static func setFailureTypeOnFailing(_ failure: SwiftType, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      "referencing instance method 'setFailureType(to:)' requires the types '\(failure.spelling)' and 'Never' be equivalent",
      at: range,
      note:
        "Combine declares `setFailureType(to:)` in `extension Publisher where Failure == Never`: this stream can already fail; use `mapError` to change its Failure"
    )
  }

  static func uselessAssertNoFailure(at range: SourceRange) -> Diagnostic {
    Diagnostic(
      "`assertNoFailure` on a publisher whose Failure is already Never does nothing", at: range,
      note: "it makes a Failure Never by stopping the process on a failure; this stream cannot fail, so remove it")
  }

  static func replaceNilOnNonOptional(_ output: SwiftType, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      "referencing instance method 'replaceNil(with:)' requires that '\(output.spelling)' be an Optional",
      at: range,
      note: "Combine declares `replaceNil<T>(with: T) where Output == T?`; this stream's values are never nil")
  }

  static func makeConnectableFailure(_ failure: SwiftType, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      "referencing instance method 'makeConnectable()' requires the types '\(failure.spelling)' and 'Never' be equivalent",
      at: range,
      note:
        "Combine declares `makeConnectable()` in `extension Publisher where Failure == Never`; handle the error first (`replaceError`, `catch`), or share a failing stream with `multicast`"
    )
  }

  static func marbleValues(_ type: SwiftType, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      "the digits of this marble string are used as \(type.spelling): marbles are built as Int or String values",
      at: range, note: "convert after the source instead, e.g. `| map Double(x)`")
  }

  static func marbleUses(_ diagram: String, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      "the marble string \"\(diagram)\" is used as Int in one place and as String in another", at: range,
      note: "one literal is built one way; bind two marble strings, or `map String(x)` where Strings are needed")
  }

  static func tooManyPublishers(_ operatorName: String, count: Int, at range: SourceRange) -> Diagnostic {
    Diagnostic(
      "Combine's `\(operatorName)` takes one to three other publishers, not \(count)", at: range,
      note: "nest them: `\(operatorName) b | \(operatorName) c`")
  }

  private static func listed(_ types: [String]) -> String {
    guard types.count > 1 else { return types.first ?? "" }
    return types.dropLast().joined(separator: ", ") + " and " + types[types.count - 1]
  }

  private static func example(of type: SwiftType) -> String {
    switch type {
    case .int: return "0"
    case .double: return "0.0"
    case .string: return "\"\""
    case .bool: return "false"
    default: return "…"
    }
  }
}
