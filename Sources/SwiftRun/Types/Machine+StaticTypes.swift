import StreamCore
import StreamLang
import SwiftImport

/// The names a closure body sees while it is typed: its parameters and the
/// `let`s before the expression, typed from their syntax; names it captured
/// are looked up in the scope it was written in (`Variable.writtenType`,
/// `Variable.initializer`), never in the values they hold.
struct TypingEnvironment {
  /// A name bound to nil is known to the body but of a type the typer cannot tell.
  var names: [String: InferredType?] = [:]
  var dollars: [InferredType?] = []
  let scope: Scope
  /// The paste's type whose method or initializer the closure is written in.
  var selfType: String?
}

// Static types of the paste's expressions, as swiftc infers them: literals,
// parameters, arithmetic, comparisons, interpolation, members of the paste's
// types, calls of its functions, enum cases, tuples. nil is "cannot tell":
// the stage shows `_`; no value of the run is ever looked at.
extension Machine {
  /// A type as the paste wrote it; nil for what the typer does not model (generic parameters, functions).
  func inferred(_ written: WrittenType) -> InferredType? {
    switch written {
    case .named(let name, let arguments):
      switch (name, arguments.count) {
      case ("Int", 0): return .int
      case ("Double", 0), ("TimeInterval", 0): return .double
      case ("String", 0): return .string
      case ("Bool", 0): return .bool
      case ("Character", 0): return .character
      case ("Never", 0): return .never
      case ("Error", 0), ("any Error", 0): return .error
      case ("Void", 0): return .tuple([])
      case ("Date", 0), ("Float", 0), ("Substring", 0), ("UUID", 0): return .named(name)
      case ("Optional", 1): return inferred(arguments[0]).map { .optional($0) }
      case ("Array", 1): return inferred(arguments[0]).map { .array($0) }
      case ("AnyPublisher", 2):
        guard let output = inferred(arguments[0]), let failure = inferred(arguments[1]) else { return nil }
        return .publisher(output: output, failure: failure)
      case ("Future", 2), ("Fail", 2), ("Empty", 2), ("PassthroughSubject", 2), ("CurrentValueSubject", 2):
        guard let output = inferred(arguments[0]), let failure = inferred(arguments[1]) else { return nil }
        return .namedPublisher(
          "\(name)<\(output.spelling), \(failure.spelling)>", output: output, failure: failure)
      case ("Just", 1):
        return inferred(arguments[0]).map { .namedPublisher("Just<\($0.spelling)>", output: $0, failure: .never) }
      case ("Set", 1):
        return inferred(arguments[0]).map { .named("Set<\($0.spelling)>") }
      default:
        return types[name] != nil && arguments.isEmpty ? .named(name) : nil
      }
    case .array(let element): return inferred(element).map { .array($0) }
    case .optional(let wrapped): return inferred(wrapped).map { .optional($0) }
    // Where a value is needed, `T!` is read as its `T` (a `map` over it sees `T`).
    case .implicitlyUnwrapped(let wrapped): return inferred(wrapped)
    case .tuple(let elements):
      let typed = elements.compactMap(inferred)
      return typed.count == elements.count ? .tuple(typed) : nil
    case .dictionary(let key, let value):
      guard let key = inferred(key), let value = inferred(value) else { return nil }
      return .named("[\(key.spelling): \(value.spelling)]")
    case .function: return nil
    }
  }

  /// The static type of a stored or computed property, method result or enum case of a paste's type.
  func memberType(_ name: String, ofDeclared typeName: String, depth: Int) -> InferredType? {
    guard let definition = types[typeName], depth < 8 else { return nil }
    if let stored = definition.storedProperties.first(where: { $0.name == name }) {
      if let written = stored.type { return inferred(written) }
      guard let value = stored.value else { return nil }
      let environment = TypingEnvironment(scope: globals, selfType: typeName)
      return staticType(of: value, in: environment, depth: depth + 1)
    }
    if let computed = definition.computedProperties[name] { return computed.type.flatMap(inferred) }
    if definition.cases[name] != nil { return .named(typeName) }
    return nil
  }

  /// What a method of a paste's type, or a top-level function, returns.
  func resultType(of function: SwiftFunction) -> InferredType? {
    guard function.genericParameters.isEmpty else { return nil }
    guard let written = function.returnType else { return .tuple([]) }
    return inferred(written)
  }

  /// A member of a value of a known type: a property, `.count`, a tuple's element.
  func memberType(_ name: String, of base: InferredType, depth: Int) -> InferredType? {
    switch (base.unlabelled, name) {
    case (.named(let typeName), _) where types[typeName] != nil:
      return memberType(name, ofDeclared: typeName, depth: depth)
    case (.named("Date"), "timeIntervalSince1970"): return .double
    case (.array, "count"), (.string, "count"): return .int
    case (.array, "isEmpty"), (.string, "isEmpty"): return .bool
    case (.array(let element), "first"), (.array(let element), "last"): return .optional(element)
    case (.string, "first"), (.string, "last"): return .optional(.character)
    case (.int, "description"), (.double, "description"), (.string, "description"), (.bool, "description"):
      return .string
    case (.tuple(let elements), _):
      if let index = Int(name) { return elements.indices.contains(index) ? elements[index].unlabelled : nil }
      for case .labelled(let label, let element) in elements where label == name { return element }
      return nil
    default: return nil
    }
  }

  /// The static type of a name: a parameter or `let` of the body being
  /// typed, then what the scope around it declared.
  private func nameType(_ name: String, in environment: TypingEnvironment, depth: Int) -> InferredType? {
    if let bound = environment.names[name] { return bound }
    if name == "self" { return environment.selfType.map { .named($0) } }
    // A name a capture list or a pattern bound has no declaration here: the one around it is looked for.
    var scope: Scope? = environment.scope
    while let (owner, variable) = scope?.owner(of: name) {
      if let written = variable.writtenType { return inferred(written) }
      if let initializer = variable.initializer {
        guard depth < 8 else { return nil }
        return staticType(
          of: initializer, in: TypingEnvironment(scope: owner, selfType: selfTypeName(in: owner)), depth: depth + 1)
      }
      scope = owner.parent
    }
    if let selfType = environment.selfType { return memberType(name, ofDeclared: selfType, depth: depth) }
    return nil
  }

  func staticType(of expression: SwiftExpr, in environment: TypingEnvironment, depth: Int = 0) -> InferredType? {
    func type(_ expression: SwiftExpr) -> InferredType? { staticType(of: expression, in: environment, depth: depth) }
    switch expression.kind {
    case .integer: return .int
    case .float: return .double
    case .string: return .string
    case .bool: return .bool
    case .identifier(let name): return nameType(name, in: environment, depth: depth)
    case .dollar(let index):
      return environment.dollars.indices.contains(index) ? environment.dollars[index] : nil
    case .member(let base?, let name):
      if case .identifier(let typeName) = base.kind, types[typeName] != nil,
        environment.names[typeName] == nil, environment.scope.lookup(typeName) == nil
      {
        return types[typeName]?.cases[name] != nil ? .named(typeName) : nil
      }
      if case .postfix("?", let wrapped) = base.kind {
        guard let baseType = type(wrapped)?.unwrappedOptional,
          let member = memberType(name, of: baseType, depth: depth)
        else { return nil }
        return .optional(member.unwrappedOptional)
      }
      return type(base).flatMap { memberType(name, of: $0, depth: depth) }
    case .member(nil, _): return nil
    case .call(let callee, let arguments): return callType(callee, arguments, in: environment, depth: depth)
    case .specialized: return nil
    case .subscripted(let base, _):
      if case .array(let element)? = type(base) { return element }
      return nil
    case .prefix("!", _): return .bool
    case .prefix("-", let operand): return type(operand)
    case .prefix: return nil
    case .postfix("!", let operand): return type(operand)?.unwrappedOptional
    case .postfix: return nil
    case .binary(let op, let left, let right):
      switch op {
      case "==", "!=", "<", ">", "<=", ">=", "&&", "||": return .bool
      case "??":
        return type(left)?.unwrappedOptional ?? type(right)
      case "+", "-", "*", "/", "%":
        return arithmetic(type(left), type(right), left, right)
      default: return nil
      }
    case .ternary(_, let whenTrue, let whenFalse):
      // `cond ? [] : [a, b]`, `cond ? nil : x`: the other branch says the type.
      switch (whenTrue.kind, whenFalse.kind) {
      case (.array([]), _): return type(whenFalse).flatMap { if case .array = $0 { return $0 } else { return nil } }
      case (_, .array([])): return type(whenTrue).flatMap { if case .array = $0 { return $0 } else { return nil } }
      case (.null, _): return type(whenFalse).map { .optional($0.unwrappedOptional) }
      case (_, .null): return type(whenTrue).map { .optional($0.unwrappedOptional) }
      default: return arithmetic(type(whenTrue), type(whenFalse), whenTrue, whenFalse)
      }
    case .array(let items):
      // `[1, nil, 3]` is `[Int?]`.
      let typed = items.filter { $0.kind != .null }.map(type)
      guard let first = typed.first ?? nil, typed.allSatisfy({ $0 == first }) else { return nil }
      return .array(typed.count < items.count ? .optional(first.unwrappedOptional) : first)
    case .tuple(let arguments):
      var elements: [InferredType] = []
      for argument in arguments {
        guard let element = type(argument.value) else { return nil }
        elements.append(argument.label.map { .labelled($0, element) } ?? element)
      }
      return .tuple(elements)
    case .cast(_, let op, let written):
      if op == "is" { return .bool }
      guard let target = inferred(written) else { return nil }
      return op == "as?" ? .optional(target) : target
    case .tried(let inner), .forcedTry(let inner): return type(inner)
    case .optionalTry(let inner): return type(inner).map { .optional($0.unwrappedOptional) }
    case .null, .closure, .keyPath, .inoutArgument, .awaited, .dictionary: return nil
    }
  }

  /// `a + b`, and the two branches of `?:`: one type, an integer literal
  /// taking a `Double`'s type as Swift's literals do.
  private func arithmetic(_ left: InferredType?, _ right: InferredType?, _ leftExpr: SwiftExpr, _ rightExpr: SwiftExpr)
    -> InferredType?
  {
    guard let left, let right else { return nil }
    if left == right { return left }
    if left == .double, right == .int, case .integer = rightExpr.kind { return .double }
    if right == .double, left == .int, case .integer = leftExpr.kind { return .double }
    return nil
  }

  private func callType(
    _ callee: SwiftExpr, _ arguments: [SwiftArgument], in environment: TypingEnvironment, depth: Int
  ) -> InferredType? {
    func type(_ expression: SwiftExpr) -> InferredType? { staticType(of: expression, in: environment, depth: depth) }
    let firstType = arguments.first.flatMap { type($0.value) }
    switch callee.kind {
    case .identifier(let name):
      if environment.names[name] != nil || environment.scope.lookup(name) != nil { return nil }
      if let overloads = functions[name] {
        let matching = overloads.filter { $0.parameters.count == arguments.count }
        guard matching.count == 1 else { return nil }
        return resultType(of: matching[0])
      }
      if let definition = types[name], definition.kind != .enum { return .named(name) }
      switch name {
      case "Int", "Double":
        let made: InferredType = name == "Int" ? .int : .double
        return firstType == .string ? .optional(made) : made
      case "String": return .string
      case "max", "min", "abs": return firstType
      case "Just": return firstType.map { .namedPublisher("Just<\($0.spelling)>", output: $0, failure: .never) }
      default: return nil
      }
    case .specialized(let base, let generics):
      guard case .identifier(let name) = base.kind else { return nil }
      return inferred(.named(name, generics))
    case .member(let base?, let name):
      if case .identifier(let typeName) = base.kind, let definition = types[typeName],
        environment.names[typeName] == nil, environment.scope.lookup(typeName) == nil
      {
        if definition.cases[name] != nil { return .named(typeName) }
        return definition.staticMethods[name]?.first.flatMap(resultType)
      }
      guard let baseType = type(base) else { return nil }
      return methodType(name, of: baseType, arguments, in: environment, depth: depth)
    case .member(nil, _): return nil
    default: return nil
    }
  }

  /// `text.uppercased()`, `items.map { … }`, `user.greeting()`, `Just(1).delay(…)`.
  private func methodType(
    _ name: String, of base: InferredType, _ arguments: [SwiftArgument], in environment: TypingEnvironment, depth: Int
  ) -> InferredType? {
    func closureResult(_ element: InferredType) -> InferredType? {
      guard case .closure(let closure)? = arguments.last?.value.kind else { return nil }
      return self.closureResult(
        closure, parameters: [element], in: TypingEnvironment(scope: environment.scope, selfType: environment.selfType),
        outer: environment, depth: depth)
    }
    switch (base.unlabelled, name) {
    case (.named("Date"), "timeIntervalSince"): return .double
    case (.named(let typeName), _):
      return types[typeName]?.methods[name]?.first.flatMap(resultType)
    case (.optional(let wrapped), "map"), (.optional(let wrapped), "flatMap"):
      let mapped: InferredType?
      if case .keyPath(let path)? = arguments.first?.value.kind {
        mapped = keyPathType(path.split(separator: ".").map(String.init), wrapped)
      } else {
        mapped = closureResult(wrapped)
      }
      return mapped.map { .optional(name == "flatMap" ? $0.unwrappedOptional : $0) }
    case (.string, "uppercased"), (.string, "lowercased"), (.string, "capitalized"),
      (.string, "trimmingCharacters"), (.string, "replacingOccurrences"), (.string, "appending"),
      (.string, "padding"):
      return .string
    case (.string, "hasPrefix"), (.string, "hasSuffix"), (.string, "contains"), (.array, "contains"),
      (.array, "allSatisfy"):
      return .bool
    case (.string, "split"): return .array(.named("Substring"))
    case (.string, "components"): return .array(.string)
    case (.array(let element), "map"):
      if case .keyPath(let path)? = arguments.first?.value.kind {
        return keyPathType(path.split(separator: ".").map(String.init), element).map { .array($0) }
      }
      return closureResult(element).map { .array($0) }
    case (.array(let element), "compactMap"): return closureResult(element).map { .array($0.unwrappedOptional) }
    case (.array, "filter"), (.array, "sorted"), (.array, "shuffled"): return base
    case (.array(let element), "first"), (.array(let element), "last"), (.array(let element), "min"),
      (.array(let element), "max"), (.array(let element), "randomElement"):
      return .optional(element)
    case (.array, "joined"): return .string
    case (.array, "reduce"):
      return arguments.first.flatMap { staticType(of: $0.value, in: environment, depth: depth) }
    case (let publisher, _) where publisher.publisherParts != nil:
      let typed = operatorType(
        name, upstream: publisher.publisherParts!,
        arguments: arguments.map { .written($0.label, $0.value) }, in: environment, depth: depth)
      // Only `eraseToAnyPublisher()` is spelled here: another operator's type
      // (`Publishers.Delay<Just<Int>, DispatchQueue>`) is shown as `_`.
      if name == "eraseToAnyPublisher" {
        return .publisher(output: typed.type.output, failure: typed.type.failure)
      }
      return .namedPublisher("_", output: typed.type.output, failure: typed.type.failure)
    default: return nil
    }
  }

  /// What a closure returns given its parameters' types: its one
  /// expression, or the type every `return` of its body agrees on (`()`
  /// when it returns nothing). nil when a return's type cannot be told.
  func closureResult(
    _ closure: SwiftClosure, parameters: [InferredType?], in base: TypingEnvironment,
    outer: TypingEnvironment? = nil, depth: Int = 0
  ) -> InferredType? {
    var environment = base
    if let outer { environment.names = outer.names }
    environment.dollars = parameters
    var parameters = parameters
    // `{ name, age in … }` for a tuple Output: the tuple's elements.
    if closure.parameters.count > 1, parameters.count == 1, case .tuple(let elements)? = parameters[0],
      elements.count == closure.parameters.count
    {
      parameters = elements.map(\.unlabelled)
    }
    for (index, name) in closure.parameters.enumerated() {
      let written = closure.parameterTypes.indices.contains(index) ? closure.parameterTypes[index] : nil
      let type = written.flatMap(inferred) ?? (parameters.indices.contains(index) ? parameters[index] : nil)
      environment.names[name] = .some(type)
    }
    // What the closure declares it returns is its type, as for swiftc.
    if let written = closure.resultType, let declared = inferred(written) { return declared }
    if closure.body.count == 1, case .expression(let expression) = closure.body[0].kind {
      return staticType(of: expression, in: environment, depth: depth + 1)
    }
    var returns: [InferredType?] = []
    collectReturns(closure.body, in: &environment, into: &returns, depth: depth + 1)
    guard !returns.isEmpty else { return .tuple([]) }
    guard let first = returns[0], returns.allSatisfy({ $0 == first }) else { return nil }
    return first
  }

  /// The types of the `return`s of a body, with its `let`s and bindings typed on the way.
  private func collectReturns(
    _ body: [SwiftStatement], in environment: inout TypingEnvironment, into returns: inout [InferredType?], depth: Int
  ) {
    func nested(_ statements: [SwiftStatement], _ bound: TypingEnvironment? = nil) {
      var inner = bound ?? environment
      collectReturns(statements, in: &inner, into: &returns, depth: depth)
    }
    func bind(_ conditions: [SwiftCondition], into target: inout TypingEnvironment) {
      for case .optionalBinding(_, let name, let value, _) in conditions {
        let bound = value ?? SwiftExpr(kind: .identifier(name), range: SourceRange(start: 0, end: 0))
        target.names[name] = .some(staticType(of: bound, in: target, depth: depth)?.unwrappedOptional)
      }
    }
    for statement in body {
      switch statement.kind {
      case .variable(let variable):
        if case .binding(let name, _) = variable.pattern {
          let type = variable.type.flatMap(inferred) ?? variable.value.flatMap { staticType(of: $0, in: environment) }
          environment.names[name] = .some(type)
        }
      case .returnValue(let value):
        returns.append(value.map { staticType(of: $0, in: environment, depth: depth) } ?? .tuple([]))
      case .ifStatement(let conditions, let then, let otherwise):
        var bound = environment
        bind(conditions, into: &bound)
        nested(then, bound)
        if let otherwise { nested(otherwise) }
      case .guardStatement(let conditions, let otherwise):
        nested(otherwise)
        bind(conditions, into: &environment)
      case .switchStatement(_, let cases):
        for switchCase in cases { nested(switchCase.body) }
      case .forIn(_, _, _, let body), .whileLoop(_, let body), .repeatWhile(let body, _), .deferStatement(let body):
        nested(body)
      case .doCatch(let body, let catches):
        nested(body)
        for clause in catches { nested(clause.body) }
      default:
        break
      }
    }
  }
}
