import StreamCore
import StreamLang
import SwiftImport

/// One argument of an operator, as the typer sees it: written Swift typed
/// in its environment, or what the run made of it (a closure with the scope
/// it captured, a publisher with its stages' types, a key path).
enum OperatorArgument {
  case written(String?, SwiftExpr)
  case closure(String?, SwiftClosure, Scope)
  case function(String?, SwiftFunction)
  case publisher(String?, StageType)
  case keyPath(String?, [String])

  var label: String? {
    switch self {
    case .written(let label, _), .closure(let label, _, _), .function(let label, _), .publisher(let label, _),
      .keyPath(let label, _):
      return label
    }
  }
}

// Each operator's `<Output, Failure>` from its upstream's, with the effects
// Combine declares and StreamLang's checker applies (`CombineSignature`'s
// `effect` lines): `map` gives its closure's result, `try…` fail with
// `Error`, `replaceError` with `Never`, `flatMap` and `switchToLatest` adapt
// a `Never` side to the other's Failure, `combineLatest` and `zip` pair.
extension Machine {
  /// The stage an operator makes; the reason when a closure or value could not be typed.
  func operatorType(
    _ name: String, upstream: StageType, arguments: [OperatorArgument], in environment: TypingEnvironment,
    depth: Int = 0
  ) -> (type: StageType, untyped: String?) {
    let output = upstream.output
    let failure = upstream.failure
    var untyped: String?
    func note(_ what: String) {
      if untyped == nil { untyped = what }
    }
    func argument(_ label: String?) -> OperatorArgument? { arguments.first { $0.label == label } }
    /// The result of the closure (or key path, or function) the operator is given.
    func result(_ argument: OperatorArgument?, _ parameters: [InferredType?]) -> InferredType {
      let typed: InferredType?
      switch argument {
      case .closure(_, let closure, let scope)?:
        typed = closureResult(
          closure, parameters: parameters, in: TypingEnvironment(scope: scope, selfType: selfTypeName(in: scope)),
          depth: depth)
        if typed == nil { note("the closure of `.\(name)` at \(location(closure.range))") }
      case .written(_, let expression)?:
        if case .closure(let closure) = expression.kind {
          typed = closureResult(closure, parameters: parameters, in: environment, outer: environment, depth: depth)
        } else if case .keyPath(let path) = expression.kind {
          typed = keyPathType(path.split(separator: ".").map(String.init), parameters.first ?? nil)
        } else if case .member(let base?, "init") = expression.kind, case .identifier(let typeName) = base.kind,
          typeName == "Int" || typeName == "Double"
        {
          // `compactMap(Int.init)`: the failable initializer from a String.
          let made: InferredType = typeName == "Int" ? .int : .double
          typed = (parameters.first ?? nil) == .string ? .optional(made) : made
        } else {
          typed = nil
        }
        if typed == nil { note("the closure of `.\(name)` at \(location(expression.range))") }
      case .keyPath(_, let components)?:
        typed = keyPathType(components, parameters.first ?? nil)
        if typed == nil { note("the key path of `.\(name)`") }
      case .function(_, let function)?:
        typed = resultType(of: function)
        if typed == nil { note("the function `\(function.name)` given to `.\(name)`") }
      case .publisher?, nil:
        typed = nil
        note("the argument of `.\(name)`")
      }
      return typed ?? .placeholder
    }
    /// A value argument's type (`scan(0, …)`'s initial result, `replaceError(with:)`).
    func value(_ argument: OperatorArgument?) -> InferredType {
      guard case .written(_, let expression)? = argument,
        let typed = staticType(of: expression, in: environment, depth: depth)
      else {
        note("the value given to `.\(name)`")
        return .placeholder
      }
      return typed
    }
    /// Another publisher's type: `merge(with:)`, `combineLatest(_:)`, a `catch`'s fallback.
    func publisher(_ argument: OperatorArgument?) -> StageType {
      switch argument {
      case .publisher(_, let type)?: return type
      case .written(_, let expression)?:
        if let parts = staticType(of: expression, in: environment, depth: depth)?.publisherParts { return parts }
      default: break
      }
      note("the publisher given to `.\(name)`")
      return .unknown
    }
    /// A closure that gives a publisher: `flatMap`'s, `catch`'s, `Deferred`'s.
    func innerPublisher(_ argument: OperatorArgument?, _ parameter: InferredType) -> StageType {
      if let parts = result(argument, [parameter]).publisherParts { return parts }
      note("the publisher the closure of `.\(name)` returns")
      return .unknown
    }
    /// `flatMap`, `switchToLatest`, `merge`: a `Never` side takes the other's Failure (iOS 14's overloads).
    func adapted(_ inner: InferredType) -> InferredType { failure == .never ? inner : failure }
    let same = upstream
    let stage: StageType
    switch name {
    case "map":
      stage = StageType(output: result(arguments.first, [output]), failure: failure)
    case "tryMap":
      stage = StageType(output: result(arguments.first, [output]), failure: .error)
    case "compactMap":
      stage = StageType(output: result(arguments.first, [output]).unwrappedOptional, failure: failure)
    case "tryCompactMap":
      stage = StageType(output: result(arguments.first, [output]).unwrappedOptional, failure: .error)
    case "filter", "removeDuplicates", "debounce", "throttle", "delay", "receive", "subscribe", "handleEvents",
      "print", "eraseToAnyPublisher", "share", "dropFirst", "drop", "prefix", "first", "last", "output", "buffer",
      "breakpoint", "retry", "append", "prepend", "makeConnectable", "multicast",
      // `timeout(_:scheduler:options:customError:)`: `customError` gives the upstream's own Failure.
      "timeout":
      stage = same
    case "tryFilter", "tryFirst", "tryLast", "tryDrop", "tryPrefix", "tryRemoveDuplicates":
      stage = StageType(output: output, failure: .error)
    case "assertNoFailure", "replaceError":
      stage = StageType(output: output, failure: .never)
    case "replaceEmpty":
      stage = same
    case "replaceNil":
      stage = StageType(output: output.unwrappedOptional, failure: failure)
    case "collect":
      stage = StageType(output: .array(output), failure: failure)
    case "count":
      stage = StageType(output: .int, failure: failure)
    case "min", "max":
      stage = same
    case "contains", "allSatisfy":
      stage = StageType(output: .bool, failure: failure)
    case "tryContains", "tryAllSatisfy":
      stage = StageType(output: .bool, failure: .error)
    case "ignoreOutput":
      stage = StageType(output: .never, failure: failure)
    case "scan", "reduce":
      stage = StageType(output: value(arguments.first), failure: failure)
    case "tryScan", "tryReduce":
      stage = StageType(output: value(arguments.first), failure: .error)
    case "mapError":
      stage = StageType(output: output, failure: result(arguments.first, [failure]))
    case "setFailureType":
      guard case .written(_, let expression)? = argument("to"), case .member(let base?, "self") = expression.kind,
        let written = writtenType(base), let typed = inferred(written)
      else {
        note("the type given to `.setFailureType(to:)`")
        stage = StageType(output: output, failure: .placeholder)
        break
      }
      stage = StageType(output: output, failure: typed)
    case "catch":
      let fallback = innerPublisher(arguments.first, failure)
      stage = StageType(output: output, failure: fallback.failure)
    case "tryCatch":
      stage = StageType(output: output, failure: .error)
    case "flatMap":
      let inner = innerPublisher(arguments.last, output)
      stage = StageType(output: inner.output, failure: adapted(inner.failure))
    case "switchToLatest":
      guard let inner = output.publisherParts else {
        note("the publishers `.switchToLatest()` switches between")
        stage = .unknown
        break
      }
      stage = StageType(output: inner.output, failure: adapted(inner.failure))
    case "merge":
      let others = arguments.map(publisher)
      stage = StageType(output: output, failure: others.first.map { adapted($0.failure) } ?? failure)
    case "combineLatest", "zip":
      let others = arguments.filter { if case .closure = $0 { return false } else { return true } }
        .filter { if case .written(_, let e) = $0, case .closure = e.kind { return false } else { return true } }
        .map(publisher)
      let outputs = [output] + others.map(\.output)
      let combinedFailure = others.reduce(failure) { $0 == .never ? $1.failure : $0 }
      if arguments.count > others.count {
        stage = StageType(output: result(arguments.last, outputs), failure: combinedFailure)
      } else {
        stage = StageType(output: .tuple(outputs), failure: combinedFailure)
      }

    default:
      note("the operator `.\(name)`, which streamlab's typer does not type yet")
      stage = .unknown
    }
    return (stage, untyped)
  }

  /// `\.name.count` applied to a value of `root`'s type.
  func keyPathType(_ components: [String], _ root: InferredType?) -> InferredType? {
    components.reduce(root) { type, name in type.flatMap { memberType(name, of: $0, depth: 0) } }
  }

  /// The paste's type `self` is in a scope (a method's, an initializer's), for typing its closures.
  func selfTypeName(in scope: Scope) -> String? {
    (scope.currentSelf?.opaque(as: Instance.self))?.type.name
  }

  /// A type named in an expression: `APIError` in `APIError.self`.
  private func writtenType(_ expression: SwiftExpr) -> WrittenType? {
    switch expression.kind {
    case .identifier(let name): return .named(name, [])
    case .specialized(let base, let generics):
      guard case .identifier(let name) = base.kind else { return nil }
      return .named(name, generics)
    default: return nil
    }
  }

  /// The run's arguments as the typer sees them.
  func operatorArguments(_ arguments: [Argument]) -> [OperatorArgument] {
    arguments.map { argument in
      if let publisher = try? publisherValue(argument.value, label: "") {
        return .publisher(argument.label, publisher.outputType)
      }
      if let keyPath = argument.value.opaque(as: KeyPathValue.self) {
        return .keyPath(argument.label, keyPath.components)
      }
      if let function = argument.value.opaque(as: FunctionValue.self) {
        switch function.body {
        case .closure(let closure, let scope): return .closure(argument.label, closure, scope)
        case .function(let declared, _): return .function(argument.label, declared)
        case .builtin: break
        }
      }
      if let written = argument.written { return .written(argument.label, written) }
      return .written(argument.label, SwiftExpr(kind: .null, range: argument.range))
    }
  }
}

extension Machine {
  /// `PassthroughSubject<Int, Never>`, `Future<String, APIError>`: the written generic arguments.
  func declaredStageType(_ generics: [WrittenType]) -> StageType {
    guard generics.count == 2 else { return .unknown }
    return StageType(
      output: inferred(generics[0]) ?? .placeholder, failure: inferred(generics[1]) ?? .placeholder)
  }

  /// The static type of an argument as written (`Just(user)`), typed in the scope of the call.
  func writtenValueType(_ argument: Argument?, in scope: Scope) -> InferredType? {
    guard let written = argument?.written else { return nil }
    return staticType(of: written, in: TypingEnvironment(scope: scope, selfType: selfTypeName(in: scope)))
  }
}

extension Machine {
  /// `[1, 2].publisher`, `(1...3).publisher`, `"abc".publisher`: the sequence's element, never failing.
  func sequenceType(_ sequence: SwiftExpr, in scope: Scope) -> StageType {
    var expression = sequence
    if case .tuple(let items) = expression.kind, items.count == 1 { expression = items[0].value }
    let environment = TypingEnvironment(scope: scope, selfType: selfTypeName(in: scope))
    let element: InferredType?
    if case .binary(let op, let low, _) = expression.kind, op == "..." || op == "..<" {
      element = staticType(of: low, in: environment)
    } else {
      switch staticType(of: expression, in: environment) {
      case .array(let item)?: element = item
      case .string?: element = .character
      default: element = nil
      }
    }
    return StageType(output: element ?? .placeholder, failure: .never)
  }
}

extension Machine {
  /// A publisher a function returns takes the declared result type's
  /// arguments where the typer could not tell them (`Future { … }` in a
  /// function returning `Future<Int, Error>`): Swift infers them from there too.
  func typeReturnedPublisher(_ value: Value, as declared: WrittenType) {
    guard let publisher = value.opaque(as: PublisherValue.self),
      let declaredType = inferred(declared)?.publisherParts,
      let last = publisher.types.indices.last
    else { return }
    var type = publisher.types[last]
    if type.output == .placeholder { type.output = declaredType.output }
    if type.failure == .placeholder { type.failure = declaredType.failure }
    publisher.types[last] = type
  }
}

extension Machine {
  /// `line 3:15`: where a closure the typer could not type starts.
  func location(_ range: SourceRange) -> String {
    let location = SourceLocation(of: range, in: text)
    return "line \(location.line):\(location.column)"
  }
}
