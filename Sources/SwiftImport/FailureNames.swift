import StreamLang

/// The Failure types of the pasted publishers by the names Swift gives them
/// (`SearchError`, `URLError`, `Error`, `Never`), which streamlab's checker
/// does not keep: to it every error is `Error`. Swift's generics are
/// invariant, so `AnyPublisher<Int, SearchError>` is not an
/// `AnyPublisher<Int, Error>`, and publishers that meet in `merge`,
/// `combineLatest`, `zip`, `append` or `flatMap` must fail with one type.
///
/// Only what the Swift fixes is known: `Just` fails with Never, a tried
/// operator with Error, `PassthroughSubject<Int, SearchError>` with
/// SearchError, a name with the type written for it. What Swift infers from
/// the context (`Fail(error: SearchError.offline)` becomes a `Fail<Int, Error>`
/// where an Error is wanted, `Empty()`, `Future { … }`) stays unknown, and
/// unknown agrees with everything.
struct FailureNames {
  struct Mismatch: Error {
    var diagnostic: Diagnostic
  }

  /// What a publisher expression fails with, and for a publisher of
  /// publishers (`map { q in search(q) }`), what the inner ones fail with.
  struct Failures: Equatable {
    var failure: String?
    var inner: String?
  }

  /// The pasted Swift, for the text of a publisher a message names.
  private let source: String
  /// The failure each bound name was given.
  private var bound: [String: Failures] = [:]
  /// The paste's functions, whose written return types fix their failures.
  private let functions: [String: SwiftFunction]
  /// The known failure of each declaration's value and each helper's
  /// returned publisher, by where it was written: what `AnnotationCheck` compares.
  private(set) var byRange: [SourceRange: String] = [:]

  /// Reads the whole paste: the failure names it fixes, or the first place
  /// where publishers with different Failure types meet.
  static func read(_ statements: [SwiftStatement], in source: String) -> Result<[SourceRange: String], Diagnostic> {
    var names = FailureNames(source: source, functions: Self.functions(in: statements))
    do {
      try names.walk(statements)
      return .success(names.byRange)
    } catch let mismatch as Mismatch {
      return .failure(mismatch.diagnostic)
    } catch {
      return .success(names.byRange)
    }
  }

  private init(source: String, functions: [String: SwiftFunction]) {
    self.source = source
    self.functions = functions
  }

  private static func functions(in statements: [SwiftStatement]) -> [String: SwiftFunction] {
    var found: [String: SwiftFunction] = [:]
    for statement in statements {
      switch statement.kind {
      case .function(let function):
        found[function.name] = function
        found.merge(functions(in: function.body)) { first, _ in first }
      case .typeDeclaration(_, let members):
        found.merge(functions(in: members)) { first, _ in first }
      default: break
      }
    }
    return found
  }

  // MARK: Statements

  private mutating func walk(_ statements: [SwiftStatement]) throws {
    for statement in statements {
      switch statement.kind {
      case .declaration(_, let name, _, let type, let value, let attributes):
        if attributes.contains("Published") {
          bound[name] = Failures(failure: "Never")
          continue
        }
        guard let value else { continue }
        let inferred = try failures(of: value)
        let written = TypeAnnotation.read(type, of: nil)?.failure.description
        if let known = inferred?.failure { byRange[value.range] = known }
        if let written {
          bound[name] = Failures(failure: Self.normalised(written))
        } else if let inferred {
          bound[name] = inferred
        }
      case .function(let function):
        try walk(function.body)
        if TypeAnnotation.read(function.returnType, of: nil) != nil, let returned = Self.result(of: function.body),
          let known = try failures(of: returned)?.failure
        {
          byRange[returned.range] = known
        }
      case .typeDeclaration(_, let members):
        // Stored properties first, as the lowering reads them.
        try walk(members.filter { if case .function = $0.kind { false } else { true } })
        try walk(members.filter { if case .function = $0.kind { true } else { false } })
      case .assignment(_, let value), .expression(let value), .returnValue(let value?):
        _ = try failures(of: value)
      case .returnValue(nil), .importModule, .outsideSubset:
        break
      default:
        // The interpreter's statements: the lowering's mode never reads them.
        break
      }
    }
  }

  /// The value a closure or function body gives: its last statement.
  private static func result(of body: [SwiftStatement]) -> SwiftExpr? {
    switch body.last?.kind {
    case .expression(let value)?, .returnValue(let value?)?: return value
    default: return nil
    }
  }

  // MARK: Expressions

  /// What `value` fails with; nil when it is not a publisher streamlab recognises.
  private func failures(of value: SwiftExpr) throws -> Failures? {
    switch value.kind {
    case .identifier(let name):
      if name.hasPrefix("$") { return Failures(failure: "Never") }
      return bound[name]
    case .member(let base?, let name):
      if name == "publisher" || name.hasPrefix("$") { return Failures(failure: "Never") }
      if case .identifier("self") = base.kind { return bound[name] }
      return nil
    case .call(let callee, let arguments):
      return try callFailures(callee, arguments, at: value)
    case .postfix(_, let inner), .tried(let inner):
      return try failures(of: inner)
    default:
      return nil
    }
  }

  private func callFailures(_ callee: SwiftExpr, _ arguments: [SwiftArgument], at value: SwiftExpr) throws
    -> Failures?
  {
    switch callee.kind {
    case .specialized(let generic, let types):
      guard case .identifier(let name) = generic.kind else { return nil }
      return try constructed(name, types: types, arguments)
    case .identifier(let name):
      return try constructed(name, types: [], arguments)
    case .member(let base?, let method):
      if case .identifier("Timer") = base.kind, method == "publish" { return Failures(failure: "Never") }
      if case .identifier("self") = base.kind, functions[method] != nil {
        return try constructed(method, types: [], arguments)
      }
      if case .identifier("Publishers") = base.kind {
        return try meeting(arguments.map(\.value), operatorName: "Publishers.\(method)", upstream: nil, at: value)
      }
      guard let upstream = try failures(of: base) else { return nil }
      return try applying(method, arguments, to: upstream, at: value)
    default:
      return nil
    }
  }

  /// `Just(1)`, `PassthroughSubject<Int, SearchError>()`, `Fail<Int, Error>(error: …)`,
  /// the exporter's `Script<Int, Never, S>`, a helper with a written return type.
  private func constructed(_ name: String, types: [SwiftType], _ arguments: [SwiftArgument]) throws -> Failures? {
    switch name {
    case "Just": return Failures(failure: "Never")
    case "PassthroughSubject", "CurrentValueSubject", "Fail", "Future", "Empty", "Script":
      guard types.count >= 2 else {
        // `Empty(outputType: Int.self, failureType: SearchError.self)`.
        if let failureType = arguments.first(where: { $0.label == "failureType" }) {
          return Failures(failure: Self.typeName(ofMetatype: failureType.value))
        }
        return Failures()
      }
      return Failures(failure: Self.normalised(types[1].description))
    case "Deferred":
      guard let body = arguments.last, case .closure(let closure) = body.value.kind,
        let result = Self.result(of: closure.body)
      else { return Failures() }
      return try failures(of: result) ?? Failures()
    default:
      // A helper returns what its written type says; a function returning no publisher is no source.
      guard let function = functions[name], let annotation = TypeAnnotation.read(function.returnType, of: nil)
      else { return nil }
      return Failures(failure: Self.normalised(annotation.failure.description))
    }
  }

  /// The failure after `upstream.method(arguments)`.
  private func applying(_ method: String, _ arguments: [SwiftArgument], to upstream: Failures, at value: SwiftExpr)
    throws -> Failures?
  {
    switch method {
    case "sink", "assign", "store", "send", "cancel", "connect":
      return nil
    case "replaceError", "assertNoFailure":
      return Failures(failure: "Never")
    case "decode", "encode":
      return Failures(failure: "Error")
    case "setFailureType":
      return Failures(failure: arguments.first.flatMap { Self.typeName(ofMetatype: $0.value) })
    case "mapError":
      // Only a cast fixes the closure's error type; otherwise Swift infers it from the context.
      guard let result = closureResult(arguments), case .cast(_, "as", let type) = result.kind else {
        return Failures()
      }
      return Failures(failure: Self.normalised(type.description))
    case "catch":
      guard let result = closureResult(arguments) else { return Failures() }
      return Failures(failure: try failures(of: result)?.failure)
    case "map":
      guard let result = closureResult(arguments), let inner = try failures(of: result) else { return upstream }
      return Failures(failure: upstream.failure, inner: inner.failure)
    case "flatMap":
      let inner = try closureResult(arguments).flatMap { try failures(of: $0) }?.failure
      return Failures(failure: try flattened(upstream.failure, inner, operatorName: "flatMap", at: value))
    case "switchToLatest":
      return Failures(failure: try flattened(upstream.failure, upstream.inner, operatorName: method, at: value))
    case "merge", "combineLatest", "zip", "append", "prepend":
      let others = arguments.filter { !$0.isTrailing && !$0.value.isClosure }.map(\.value)
      return try meeting(others, operatorName: method, upstream: upstream.failure, at: value)
    default:
      // Every tried operator (`tryMap`, `tryCatch`, …) fails with Error.
      if method.hasPrefix("try"), method.count > 3, method.dropFirst(3).first?.isUppercase == true {
        return Failures(failure: "Error")
      }
      return Failures(failure: upstream.failure)
    }
  }

  /// Publishers meeting in `merge`, `combineLatest`, `zip`, `append` or
  /// `Publishers.Merge(…)`: one Failure type, or the first pair that differs.
  /// An argument that is no publisher (`prepend(0)`) is left out.
  private func meeting(_ others: [SwiftExpr], operatorName: String, upstream: String?, at value: SwiftExpr) throws
    -> Failures
  {
    var known = upstream
    var knownText = "the upstream"
    for other in others {
      guard let failure = try failures(of: other)?.failure else { continue }
      if let first = known, first != failure {
        let otherText = text(of: other)
        throw Mismatch(
          diagnostic: Diagnostic(
            "instance method '\(operatorName)' requires the types '\(first)' and '\(failure)' be equivalent: \(knownText) fails with \(first), `\(otherText)` with \(failure)",
            at: other.range, note: Self.advice(first, failure, operatorName: operatorName)))
      }
      if known == nil { knownText = "`\(text(of: other))`" }
      known = failure
    }
    return Failures(failure: known)
  }

  /// `flatMap` and `switchToLatest`: Combine lets an upstream that never
  /// fails take the inner publishers' Failure, and inner publishers that
  /// never fail take the upstream's; otherwise the two must be one type.
  private func flattened(_ upstream: String?, _ inner: String?, operatorName: String, at value: SwiftExpr) throws
    -> String?
  {
    switch (upstream, inner) {
    case (let outer?, let inner?):
      if outer == inner || inner == "Never" { return outer }
      if outer == "Never" { return inner }
      throw Mismatch(
        diagnostic: Diagnostic(
          "instance method '\(operatorName)' requires the types '\(outer)' and '\(inner)' be equivalent: the upstream fails with \(outer), the inner publishers with \(inner)",
          at: value.range, note: Self.advice(outer, inner, operatorName: operatorName)))
    case (let outer?, nil): return outer == "Never" ? nil : outer
    case (nil, let inner?): return inner == "Never" ? nil : inner
    case (nil, nil): return nil
    }
  }

  private static func advice(_ first: String, _ second: String, operatorName: String) -> String {
    let meeting = "Combine needs publishers that meet in `\(operatorName)` to fail with one type"
    if first == "Never" || second == "Never" {
      let failing = first == "Never" ? second : first
      return "\(meeting); give the side that cannot fail the other's with `.setFailureType(to: \(failing).self)`"
    }
    return "\(meeting); turn one into the other's with `mapError`, or both into Error with `.mapError { $0 as Error }`"
  }

  // MARK: Helpers

  private func closureResult(_ arguments: [SwiftArgument]) -> SwiftExpr? {
    guard let last = arguments.last, case .closure(let closure) = last.value.kind else { return nil }
    return Self.result(of: closure.body)
  }

  /// `SearchError.self` is `SearchError`.
  private static func typeName(ofMetatype value: SwiftExpr) -> String? {
    guard case .member(let base?, "self") = value.kind else { return nil }
    switch base.kind {
    case .identifier(let name): return normalised(name)
    case .specialized(let generic, let types):
      guard case .identifier(let name) = generic.kind else { return nil }
      return normalised(SwiftType.named(name, types).description)
    default: return nil
    }
  }

  /// `Swift.Error` is `Error`, as Swift prints it.
  static func normalised(_ name: String) -> String {
    name.hasPrefix("Swift.") ? String(name.dropFirst(6)) : name
  }

  /// The publisher as written, its first line only.
  private func text(of value: SwiftExpr) -> String {
    let lines = value.range.text(in: source).split(separator: "\n", omittingEmptySubsequences: false)
    return lines.count > 1 ? lines[0] + " …" : String(lines.first ?? "")
  }
}
