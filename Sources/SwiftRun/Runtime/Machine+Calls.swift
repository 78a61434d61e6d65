import StreamCore
import StreamLang
import SwiftImport

extension Machine {
  /// A call, by what is called: a method, an implicit member, a name, a value.
  func call(_ callee: SwiftExpr, _ written: [SwiftArgument], at range: SourceRange, in scope: Scope) throws -> Value {
    switch callee.kind {
    case .member(let base?, let name) where base.kind == .identifier("super") && Self.testCaseHooks.contains(name):
      // `super.setUp()`: XCTestCase's own does nothing a paste can see.
      return .void
    case .member(let base?, let name)
    where base.kind == .identifier("self") && Self.xctestFunctions.contains(name)
      && scope.currentSelf?.opaque(as: Instance.self)?.type.isTestCase == true:
      return try xctestCall(name, try xctestArguments(name, written, in: scope), at: range)
    case .identifier(let name)
    where Self.xctestFunctions.contains(name) && scope.lookup(name) == nil && functions[name] == nil
      && types[name] == nil:
      let unwrapped =
        name == "XCTUnwrap"
        ? written.first.flatMap { argument in
          staticType(of: argument.value, in: TypingEnvironment(scope: scope, selfType: selfTypeName(in: scope)))?
            .unwrappedOptional.spelling
        } : nil
      return try xctestCall(
        name, try xctestArguments(name, written, in: scope), at: range, unwrappedType: unwrapped)
    case .member(let base?, let name):
      try requireUnwrappedSelf(base, member: name, in: scope)
      try requireRequirement(name, of: base, in: scope)
      let target = try link(base, in: scope)
      try requireUnwrapped(target, readBy: base, in: scope)
      // An operator outside what streamlab runs is refused before its
      // arguments are looked at (they may name what only it could use).
      if !Self.operatorNames.contains(name), name != "autoconnect", name != "connect",
        try publisherValue(target, label: "") != nil, let advice = UnsupportedSwift.advice(forOperator: name)
      {
        throw refuse(advice.message, at: range, instead: advice.instead)
      }
      let arguments = try evaluateArguments(written, in: scope)
      return try callMember(name, of: target, arguments, at: range, base: base, in: scope)
    case .member(nil, let name):
      return try implicitMember(name, arguments: try evaluateArguments(written, in: scope), at: range, in: scope)
    case .identifier(let name)
    where scope.lookup(name) == nil && functions[name] == nil && types[name] == nil
      && scope.currentSelf?.opaque(as: PublisherValue.self) != nil:
      // Inside `extension Publisher`, `map { … }` is `self.map { … }`.
      let arguments = try evaluateArguments(written, in: scope)
      return try callMember(
        name, of: scope.currentSelf!, arguments, at: range,
        base: SwiftExpr(
          kind: .identifier("self"), range: SourceRange(start: callee.range.start, end: callee.range.start)),
        in: scope)
    case .identifier("print") where scope.lookup("print") == nil && functions["print"] == nil:
      return try callValue(try link(callee, in: scope), try genericArguments(written, in: scope), at: range, in: scope)
    default:
      let function = try link(callee, in: scope)
      return try callValue(function, try evaluateArguments(written, in: scope), at: range, in: scope)
    }
  }

  /// An XCTest call's arguments: generic, except the ordering assertions',
  /// whose `T: Comparable` no Optional is, so there Swift unwraps a `T!`.
  private func xctestArguments(_ name: String, _ written: [SwiftArgument], in scope: Scope) throws -> [Argument] {
    guard name.hasPrefix("XCTAssertGreater") || name.hasPrefix("XCTAssertLess") else {
      return try genericArguments(written, in: scope)
    }
    let arguments = try evaluateArguments(written, in: scope)
    for argument in arguments {
      if let expression = argument.written { try requireUnwrapped(argument.value, readBy: expression, in: scope) }
    }
    return arguments
  }

  /// Arguments of a function whose parameters are generic or `Any` (`print`,
  /// XCTest's assertions): a `T!` goes in as the Optional it is.
  private func genericArguments(_ written: [SwiftArgument], in scope: Scope) throws -> [Argument] {
    try evaluateArguments(written, in: scope).map { argument in
      var argument = argument
      if let expression = argument.written {
        argument.value = asGenericArgument(argument.value, readBy: expression, in: scope)
      }
      return argument
    }
  }

  func evaluateArguments(_ written: [SwiftArgument], in scope: Scope) throws -> [Argument] {
    try written.map { argument in
      Argument(
        label: argument.label, value: try evaluate(argument.value, in: scope).copiedIfValue, range: argument.range,
        isTrailing: argument.isTrailing, written: argument.value)
    }
  }

  /// Calls a value: a function, or a type (`User(name:)`, `PassthroughSubject<Int, Never>()`).
  func callValue(_ callee: Value, _ arguments: [Argument], at range: SourceRange, in scope: Scope) throws -> Value {
    if let function = callee.opaque(as: FunctionValue.self) {
      return try invoke(function, arguments, at: range)
    }
    if let type = callee.opaque(as: TypeValue.self) {
      switch type.target {
      case .declared(let definition): return try instantiate(definition, arguments, at: range)
      case .builtin(let name, let generics):
        return try construct(name, generics: generics, arguments, at: range, in: scope)
      }
    }
    throw SwiftRunError.trap("\(SwiftText.debug(callee)) cannot be called", range)
  }

  /// Runs a function value with its arguments.
  func invoke(_ function: FunctionValue, _ arguments: [Argument], at range: SourceRange) throws -> Value {
    if let compiled = function.compiled { return try compiled(arguments.map(\.value)) }
    callDepth += 1
    defer { callDepth -= 1 }
    if callDepth > Self.maximumCallDepth {
      throw SwiftRunError.trap("the Swift called functions \(Self.maximumCallDepth) deep (endless recursion?)", range)
    }
    switch function.body {
    case .builtin(_, let body):
      return try body(arguments)
    case .closure(let closure, let captured):
      let scope = Scope(parent: captured)
      try bindClosureParameters(closure, arguments.map(\.value), in: scope, at: range)
      return try result(of: closure.body, in: scope)
    case .function(let declared, let captured):
      return try run(declared, arguments, in: Scope(parent: captured), at: range)
    }
  }

  /// A closure's parameters: named (`{ a, b in }`), `$0`…, or one tuple
  /// spread over several names (`{ name, age in }` given a pair).
  private func bindClosureParameters(_ closure: SwiftClosure, _ values: [Value], in scope: Scope, at range: SourceRange)
    throws
  {
    var values = values
    if closure.parameters.count > 1, values.count == 1, case .tuple(let items) = values[0],
      items.count == closure.parameters.count
    {
      values = items
    }
    if closure.parameters.isEmpty {
      // `{ $0 + $1 }` given one pair reads the pair's elements, as Swift
      // destructures a tuple for a closure that uses `$1`.
      if values.count == 1, case .tuple(let items) = values[0], items.count > 1, usesSecondParameter(closure) {
        values = items
      }
      for (index, value) in values.enumerated() {
        scope.declare(
          index < Self.dollarNames.count ? Self.dollarNames[index] : "$\(index)", Variable(value, isConstant: true))
      }
      return
    }
    for (index, name) in closure.parameters.enumerated() where name != "_" {
      scope.declare(name, Variable(index < values.count ? values[index] : .void, isConstant: true))
    }
  }

  /// Whether a closure without named parameters reads `$1`: read once per closure, not per call.
  func usesSecondParameter(_ closure: SwiftClosure) -> Bool {
    if let known = closureReadsSecondParameter[closure.range.start] { return known }
    let reads = closure.range.text(in: text).contains("$1")
    closureReadsSecondParameter[closure.range.start] = reads
    return reads
  }

  /// A body's result: what `return` gives, or a single expression's value.
  func result(of body: [SwiftStatement], in scope: Scope) throws -> Value {
    if body.count == 1, case .expression(let expression) = body[0].kind {
      let outerStatement = runningStatement
      runningStatement = body[0].range.start
      defer { runningStatement = outerStatement }
      return try evaluate(expression, in: scope)
    }
    if body.count == 1, !body[0].isExpression, SingleExpressionBody.returnsItsValue(body) {
      // `if … { 1 } else { 2 }` as a whole body: an `if` expression.
      if case .returned(let value) = try execute([SingleExpressionBody.returning(body[0])], in: scope) { return value }
      return .void
    }
    switch try execute(body, in: scope) {
    case .returned(let value): return value
    default: return .void
    }
  }

  /// A declared function or method: arguments bound to parameters by label, defaults filled.
  func run(_ function: SwiftFunction, _ arguments: [Argument], in scope: Scope, at range: SourceRange) throws -> Value {
    var remaining = arguments[...]
    for parameter in function.parameters {
      if let next = remaining.first,
        next.label == parameter.label || (next.label == nil && parameter.label == nil)
          || (next.isTrailing && next.value.opaque(as: FunctionValue.self) != nil)
      {
        remaining = remaining.dropFirst()
        if parameter.isInout, let reference = next.value.opaque(as: InoutReference.self) {
          let variable = Variable(try reference.read())
          variable.observer = PropertyObserver(
            willSet: nil, didSet: { [variable] _ in try reference.write(variable.value) })
          scope.declare(parameter.name, variable)
        } else {
          let optional = parameter.type?.isOptional == true
          let bound = Variable(optional ? next.value.asOptional : next.value, isConstant: true)
          bound.writtenType = parameter.type
          scope.declare(parameter.name, bound)
        }
      } else if let defaultValue = parameter.defaultValue {
        scope.declare(parameter.name, Variable(try evaluate(defaultValue, in: scope).copiedIfValue, isConstant: true))
      } else {
        throw refuse(
          "`\(function.name)` needs its argument `\(parameter.label ?? "_") \(parameter.name)` here", at: range)
      }
    }
    if let extra = remaining.first {
      throw refuse("`\(function.name)` has no parameter for this argument", at: extra.range)
    }
    let value = try result(of: function.body, in: scope)
    try checkReturned(value, as: function.returnType, from: function.body)
    if let declared = function.returnType { typeReturnedPublisher(value, as: declared) }
    return function.returnType?.isOptional == true ? value.asOptional : value
  }

  /// What a function or computed property declared to return an
  /// `AnyPublisher` returns: swiftc refuses an operator chain that does not
  /// end in `eraseToAnyPublisher()` (`Publishers.Map<…>` is not
  /// `AnyPublisher<…>`), so streamlab does too, at the returned expression.
  func checkReturned(_ value: Value, as type: WrittenType?, from body: [SwiftStatement]) throws {
    // A publisher that cannot fail returned as one that can: swiftc wants
    // `setFailureType(to:)` (issue 29's cuts: the line deleted from a mock).
    if case .named("AnyPublisher", let arguments)? = type, arguments.count == 2, arguments[1] != .named("Never", []),
      let publisher = value.opaque(as: PublisherValue.self), publisher.outputType.failure == .never
    {
      let output = publisher.outputType.output.spelling
      throw refuse(
        "cannot convert return expression of type 'AnyPublisher<\(output.contains("_") ? "\(arguments[0])" : output), "
          + "Never>' to return type '\(type!)'", at: body.last?.range ?? SourceRange(start: 0, end: 0),
        instead: "`.setFailureType(to: \(arguments[1]).self)` before `.eraseToAnyPublisher()`")
    }
    guard case .named("AnyPublisher", _)? = type, let publisher = value.opaque(as: PublisherValue.self),
      !publisher.isErased, let last = publisher.stages.last, last.label.hasPrefix(".")
    else { return }
    let name = last.label.prefix { $0 != "(" && $0 != " " && $0 != "{" }
    throw refuse(
      "the returned publisher ends in `\(name)`, not `.eraseToAnyPublisher()`: Swift cannot convert it to "
        + "return type '\(type!)'", at: body.last?.range ?? SourceRange(start: 0, end: 0),
      instead: "`.eraseToAnyPublisher()` at the end of the chain")
  }

  func callGlobalFunction(_ name: String, _ arguments: [Argument], at range: SourceRange) throws -> Value {
    guard let candidates = functions[name] else { throw refuse("`\(name)` is not declared", at: range) }
    let function = overload(candidates, for: arguments) ?? candidates[0]
    return try run(function, arguments, in: Scope(parent: globals), at: range)
  }

  /// The overload whose labels match the call's.
  func overload(_ candidates: [SwiftFunction], for arguments: [Argument]) -> SwiftFunction? {
    let labels = arguments.map(\.label)
    return candidates.first { function in
      let required = function.parameters.filter { $0.defaultValue == nil }.map(\.label)
      let all = function.parameters.map(\.label)
      return labels.count >= required.count && labels.count <= all.count
        && zip(labels, all).allSatisfy { $0 == $1 || $0 == nil && $1 == nil }
    }
  }

  // MARK: Instances

  /// `User(name: "Ana")` and `ViewModel()`: a new instance, its stored
  /// properties given their initial values in order, then an `init` run.
  func instantiate(_ definition: TypeDefinition, _ arguments: [Argument], at range: SourceRange) throws -> Value {
    if definition.kind == .enum {
      guard let raw = arguments.first(where: { $0.label == "rawValue" })?.value else {
        throw refuse(
          "an enum is made from one of its cases, such as `.\(definition.cases.keys.sorted().first ?? "a")`", at: range)
      }
      for name in definition.cases.keys.sorted() {
        let value = try enumCase(definition, name, [], at: range)
        if value.opaque(as: EnumValue.self)?.rawValue == raw { return value }
      }
      return .null
    }
    let instance = Instance(type: definition)
    if definition.kind == .class {
      instance.serial = classInstances.count
      classInstances.append(WeakInstance(instance))
      instanceMade.append((definition.name, clock.now))
      instance.deinitializer = Deinitializer(machine: self)
    }
    if definition.isObservableObject {
      instance.objectWillChange = SubjectValue(name: "objectWillChange", initial: nil)
      instance.objectWillChange?.declaredType = StageType(output: .tuple([]), failure: .never)
    }
    let selfValue = Value.opaque(instance)
    let scope = Scope(parent: globals, selfValue: selfValue)
    for property in definition.storedProperties {
      guard let name = property.name else {
        throw refuse("streamlab reads one name per stored property", at: property.range)
      }
      var initial = try property.value.map { try evaluate($0, in: scope).copiedIfValue } ?? .null
      try checkAssignable(initial, to: property.type, at: property.value?.range ?? property.range)
      let wrapsOptional = property.type?.isOptional == true
      if wrapsOptional { initial = initial.asOptional }
      let variable = Variable(initial, isConstant: !property.isVariable)
      variable.wrapsOptional = wrapsOptional
      variable.writtenType = property.type
      instance.fields[name] = variable
      if property.attributes.contains("Published") {
        let published = PublishedProperty(name: name, initial: initial)
        instance.published[name] = published
      }
      try observe(property, variable, of: instance)
    }
    let initializer = definition.initializers.isEmpty ? nil : overload(definition.initializers, for: arguments)
    if let initializer {
      _ = try run(initializer, arguments, in: scope, at: range)
      try requireInitialized(instance, by: initializer)
    } else if !definition.initializers.isEmpty {
      throw refuse("no `init` of `\(definition.name)` takes these arguments", at: range)
    } else if definition.kind == .struct {
      // The memberwise initializer: each stored property by its label.
      for argument in arguments {
        guard let label = argument.label, let variable = instance.fields[label] else {
          throw refuse("`\(definition.name)(…)` takes its stored properties by name", at: argument.range)
        }
        variable.value = variable.wrapsOptional ? argument.value.asOptional : argument.value
        instance.published[label]?.subject.value = variable.value
      }
    } else if !arguments.isEmpty {
      throw refuse("`\(definition.name)` has no `init` that takes arguments", at: range)
    }
    return selfValue
  }

  /// Hooks `willSet`/`didSet` and `@Published` onto a stored property.
  private func observe(_ property: SwiftVariable, _ variable: Variable, of instance: Instance) throws {
    let published = property.name.flatMap { instance.published[$0] }
    var willSetBody: [SwiftStatement]?
    var didSetBody: [SwiftStatement]?
    var willSetName = "newValue"
    var didSetName = "oldValue"
    if case .observed(let will, let willName, let did, let didName) = property.accessors {
      (willSetBody, didSetBody, willSetName, didSetName) = (will, did, willName, didName)
    }
    guard published != nil || willSetBody != nil || didSetBody != nil else { return }
    // Weak: the instance holds its variables; an observer holding the instance would be a cycle.
    let weakSelf = WeakInstance(instance)
    variable.observer = PropertyObserver(
      willSet: { [unowned self] newValue in
        guard let instance = weakSelf.instance else { return }
        if let willSetBody {
          let scope = Scope(parent: self.globals, selfValue: .opaque(instance))
          scope.declare(willSetName, Variable(newValue, isConstant: true))
          _ = try self.execute(willSetBody, in: scope)
        }
        // `@Published` sends in `willSet`: a subscriber sees the new value
        // while the property still holds the old one; an ObservableObject's
        // `objectWillChange` goes first.
        try self.sending(at: property.range) {
          if published != nil { instance.objectWillChange?.send(.void) }
          published?.send(newValue)
        }
        if let published {
          self.noteDeliveryOrder(of: published.deliveries, sentBy: "`$\(published.name)`")
        }
      },
      didSet: { [unowned self] oldValue in
        guard let didSetBody, let instance = weakSelf.instance else { return }
        let scope = Scope(parent: self.globals, selfValue: .opaque(instance))
        scope.declare(didSetName, Variable(oldValue, isConstant: true))
        _ = try self.execute(didSetBody, in: scope)
      })
  }

  /// Refuses, as swiftc does, an `init` that returns with a stored property
  /// of a non-optional type still unset (streamlab would run on with `nil` in it).
  private func requireInitialized(_ instance: Instance, by initializer: SwiftFunction) throws {
    for property in instance.type.storedProperties where property.value == nil && property.type?.isOptional == false {
      guard let name = property.name, case .null? = instance.fields[name]?.value else { continue }
      throw refuse(
        "return from initializer without initializing all stored properties: `\(name)` is never set",
        at: initializer.range, instead: "`self.\(name) = …` in the `init`, or a default value where it is declared")
    }
  }

  /// An enum case value, with its raw value when the enum has one.
  func enumCase(_ definition: TypeDefinition, _ name: String, _ arguments: [Argument], at range: SourceRange) throws
    -> Value
  {
    guard let declared = definition.cases[name] else {
      throw SwiftRunError.refused(
        Diagnostic(
          "`\(definition.name)` has no case `\(name)`", at: range,
          suggestion: Suggestion.closest(to: name, among: Array(definition.cases.keys))))
    }
    var raw: Value?
    if let written = declared.rawValue {
      raw = try evaluate(written, in: globals)
    } else if case .named("String", _) = definition.rawType {
      raw = .string(name)
    } else if case .named("Int", _) = definition.rawType {
      // Implicit Int raw values count up from the previous case's.
      raw = nil
    }
    let value = EnumValue(
      typeName: definition.name, caseName: name, associated: arguments.map(\.value),
      labels: declared.associated.map(\.label), rawValue: raw)
    value.definition = definition
    return .opaque(value)
  }
}

extension Machine {
  /// A `deinit` body, run with a stand-in `self` holding the released
  /// instance's properties (the instance itself is already going). At the
  /// end of the run nothing is deinitialized: a script's globals live to the end.
  /// Notes when an instance that held subscriptions went (its lifetime's end).
  func released(serial: Int, fields: [String: Variable], ownsSubscriptions: Bool) {
    guard !isEnding, serial >= 0 else { return }
    if ownsSubscriptions || fields.values.contains(where: { Self.holdsSubscription($0.value) }) {
      ownersReleased[serial] = clock.now
    }
  }

  /// Whether a stored value is, or holds, an `AnyCancellable` (or a `Task`,
  /// whose work runs as a subscription does).
  static func holdsSubscription(_ value: Value) -> Bool {
    switch value {
    case .array(let items), .tuple(let items): return items.contains(where: holdsSubscription)
    case .opaque(let object):
      if object is CancellableValue || object is TaskValue { return true }
      if let optional = object as? OptionalValue { return holdsSubscription(optional.wrapped) }
      return false
    default: return false
    }
  }

  func runDeinit(of type: TypeDefinition, fields: [String: Variable]) {
    guard !isEnding, let body = type.deinitializer else { return }
    let standIn = Instance(type: type, fields: fields)
    let scope = Scope(parent: globals, selfValue: .opaque(standIn))
    _ = guarded(place(body.range)) {
      _ = try self.execute(body.body, in: scope)
      return .void
    }
  }
}

/// An instance referred to without keeping it alive: a property observer's
/// owner, a closure's `[weak self]` or `[unowned self]`.
final class WeakInstance {
  weak var instance: Instance?
  /// `unowned`: reading it after its release is a trap, not `nil`.
  let isUnowned: Bool

  init(_ instance: Instance, isUnowned: Bool = false) {
    self.instance = instance
    self.isUnowned = isUnowned
  }
}

extension SwiftStatement {
  fileprivate var isExpression: Bool {
    if case .expression = kind { return true }
    return false
  }
}
