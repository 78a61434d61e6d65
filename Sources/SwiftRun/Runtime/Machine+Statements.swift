import StreamCore
import StreamLang
import SwiftImport

extension Machine {
  /// Runs a block in its own scope; its `defer`s run when it ends, however it ends.
  func execute(block statements: [SwiftStatement], in parent: Scope) throws -> Flow {
    try execute(statements, in: Scope(parent: parent))
  }

  /// Runs statements in `scope` in order, until one leaves the block.
  func execute(_ statements: [SwiftStatement], in scope: Scope) throws -> Flow {
    var deferred: [[SwiftStatement]] = []
    defer {
      for body in deferred.reversed() { _ = try? execute(block: body, in: scope) }
    }
    for statement in statements {
      if case .deferStatement(let body) = statement.kind {
        deferred.append(body)
        continue
      }
      if case .function(let function) = statement.kind {
        scope.declare(
          function.name, Variable(.opaque(FunctionValue(.function(function, captured: scope))), isConstant: true))
        continue
      }
      let flow = try execute(statement, in: scope)
      if case .normal = flow { continue }
      return flow
    }
    return .normal
  }

  func execute(_ statement: SwiftStatement, in scope: Scope) throws -> Flow {
    try tick(at: statement.range)
    let outerStatement = runningStatement
    runningStatement = statement.range.start
    defer { runningStatement = outerStatement }
    switch statement.kind {
    case .importModule, .function, .deferStatement:
      return .normal
    case .variable(let variable):
      try declare(variable, in: scope)
    case .declaration(let isVariable, let name, let nameRange, let type, let value, let attributes):
      try declare(
        SwiftVariable.declared(
          isVariable: isVariable, name: name, range: nameRange, type: type, value: value, attributes: attributes),
        in: scope)
    case .assignment(let target, let value):
      let newValue = try evaluate(value, in: scope).copiedIfValue
      try assign(newValue, to: target, in: scope)
    case .compoundAssignment(let op, let target, let value):
      var current = try evaluate(target, in: scope)
      if Self.hasOptionalChain(target) {
        // `self?.count += 1`: nothing happens when the chain is nil (not even
        // the right-hand side); otherwise the property itself is updated.
        if current == .null { return .normal }
        current = current.unwrapped
      }
      try requireUnwrapped(current, readBy: target, in: scope)
      let operand = try evaluate(value, in: scope)
      try assign(try binary(op, current, operand, at: statement.range), to: target, in: scope)
    case .expression(let expression):
      // A result nobody keeps is released here, as Swift releases it: an
      // `AnyCancellable` not stored cancels its subscription at once.
      _ = try evaluate(expression, in: scope)
    case .returnValue(let value):
      return .returned(try value.map { try evaluate($0, in: scope).copiedIfValue } ?? .void)
    case .ifStatement(let conditions, let then, let otherwise):
      let inner = Scope(parent: scope)
      if try holds(conditions, in: inner) {
        return try execute(then, in: inner)
      } else if let otherwise {
        return try execute(block: otherwise, in: scope)
      }
    case .guardStatement(let conditions, let otherwise):
      // A guard's names stay in the enclosing scope, after it.
      if try !holds(conditions, in: scope) {
        let flow = try execute(block: otherwise, in: scope)
        if case .normal = flow {
          throw SwiftRunError.trap("a `guard`'s else must leave the scope", statement.range)
        }
        return flow
      }
    case .switchStatement(let subject, let cases):
      return try runSwitch(try evaluate(subject, in: scope), cases: cases, in: scope, at: statement.range)
    case .forIn(let pattern, let sequence, let whereClause, let body) where Self.isAwaited(sequence):
      return try runForAwait(
        pattern, Self.awaitedOperand(sequence), whereClause, body, in: scope, at: statement.range)
    case .forIn(let pattern, let sequence, let whereClause, let body):
      for element in try elements(of: try evaluate(sequence, in: scope), at: sequence.range) {
        if let end = try loopTurn(pattern, element, whereClause, body, in: scope) { return end }
      }
    case .whileLoop(let conditions, let body):
      while true {
        try tick(at: statement.range)
        let inner = Scope(parent: scope)
        guard try holds(conditions, in: inner) else { break }
        switch try execute(body, in: inner) {
        case .broke: return .normal
        case .returned(let value): return .returned(value)
        case .normal, .continued: continue
        }
      }
    case .repeatWhile(let body, let condition):
      repeat {
        try tick(at: statement.range)
        switch try execute(block: body, in: scope) {
        case .broke: return .normal
        case .returned(let value): return .returned(value)
        case .normal, .continued: break
        }
      } while try truth(try evaluate(condition, in: scope), at: condition.range)
    case .breakStatement:
      return .broke
    case .continueStatement:
      return .continued
    case .throwStatement(let value):
      throw SwiftRunError.thrown(try evaluate(value, in: scope), statement.range)
    case .doCatch(let body, let catches):
      do {
        return try execute(block: body, in: scope)
      } catch SwiftRunError.thrown(let error, let range) {
        for clause in catches {
          let inner = Scope(parent: scope)
          if let pattern = clause.pattern {
            guard try match(pattern, error, binding: inner) else { continue }
          } else {
            inner.declare("error", Variable(error, isConstant: true))
          }
          if let condition = clause.whereClause, try !truth(try evaluate(condition, in: inner), at: condition.range) {
            continue
          }
          return try execute(clause.body, in: inner)
        }
        throw SwiftRunError.thrown(error, range)
      }
    case .type(let declaration):
      throw refuse(
        "streamlab runs types declared at the top level of the paste", at: declaration.nameRange,
        instead: "the `\(declaration.kind.rawValue)` moved out of the function, to the top level")
    case .typeDeclaration(let name, _):
      throw refuse(
        "streamlab runs types declared at the top level of the paste", at: statement.range,
        instead: "`\(name)` moved to the top level")
    case .enumCases:
      throw refuse("`case` belongs inside an `enum`", at: statement.range)
    case .outsideSubset(let keyword, let range, let instead):
      throw refuse("streamlab does not run `\(keyword)` here", at: range, instead: instead)
    }
    return .normal
  }

  /// One turn of a `for` loop (or `for await`): the element bound to the
  /// pattern, the `where` checked, the body run; nil to go on, else how the loop ends.
  func loopTurn(
    _ pattern: SwiftPattern, _ element: Value, _ whereClause: SwiftExpr?, _ body: [SwiftStatement], in scope: Scope
  ) throws -> Flow? {
    let inner = Scope(parent: scope)
    guard try match(pattern, element, binding: inner) else { return nil }
    if let whereClause, try !truth(try evaluate(whereClause, in: inner), at: whereClause.range) { return nil }
    switch try execute(body, in: inner) {
    case .broke: return .normal
    case .returned(let value): return .returned(value)
    case .normal, .continued: return nil
    }
  }

  /// `let x = …`, `var (a, b) = …`, `@Published var q = ""` (a property is
  /// declared by its type, not here), `lazy var`, `weak var`.
  private func declare(_ variable: SwiftVariable, in scope: Scope) throws {
    if variable.accessors != nil {
      throw refuse(
        "streamlab runs computed and observed properties inside types only", at: variable.range,
        instead: "a function, or the property inside a `class` or `struct`")
    }
    if variable.attributes.contains("Published") {
      throw refuse(
        "`@Published` is a property wrapper of a class's property", at: variable.range,
        instead: "the property inside a `class`, or a `CurrentValueSubject`")
    }
    var value = try variable.value.map { try evaluate($0, in: scope).copiedIfValue } ?? .null
    try checkAssignable(value, to: variable.type, at: variable.value?.range ?? variable.range)
    let wrapsOptional = variable.type?.isOptional == true
    if wrapsOptional { value = value.asOptional }
    if case .binding(let name, _) = variable.pattern {
      let declared = Variable(value, isConstant: !variable.isVariable)
      declared.wrapsOptional = wrapsOptional
      declared.writtenType = variable.type
      declared.initializer = variable.value
      scope.declare(name, declared)
      return
    }
    guard try match(variable.pattern, value, binding: scope, constant: !variable.isVariable) else {
      throw SwiftRunError.trap("the value \(SwiftText.debug(value)) does not match the pattern", variable.range)
    }
  }

  /// True when every condition holds; `if let` names are bound into `scope`.
  func holds(_ conditions: [SwiftCondition], in scope: Scope) throws -> Bool {
    for condition in conditions {
      switch condition {
      case .expression(let expression):
        guard try truth(try evaluate(expression, in: scope), at: expression.range) else { return false }
      case .optionalBinding(let isVariable, let name, let value, let range):
        let bound =
          try value.map { try evaluate($0, in: scope) }
          ?? (try lookup(name, at: range, in: scope))
        if case .null = bound { return false }
        scope.declare(name, Variable(bound.unwrapped.copiedIfValue, isConstant: !isVariable))
      case .matching(let pattern, let value):
        guard try match(pattern, try evaluate(value, in: scope), binding: scope) else { return false }
      }
    }
    return true
  }

  func truth(_ value: Value, at range: SourceRange) throws -> Bool {
    guard case .bool(let flag) = value else {
      throw SwiftRunError.trap("a condition must be a Bool, but it is \(SwiftText.debug(value))", range)
    }
    return flag
  }

  private func runSwitch(_ subject: Value, cases: [SwiftSwitchCase], in scope: Scope, at range: SourceRange) throws
    -> Flow
  {
    try requireExhaustive(cases, over: subject, at: range)
    for switchCase in cases {
      let inner = Scope(parent: scope)
      var matched = switchCase.patterns.isEmpty
      for pattern in switchCase.patterns where !matched {
        matched = try match(pattern, subject, binding: inner, at: switchCase.range)
      }
      guard matched else { continue }
      if let condition = switchCase.whereClause, try !truth(try evaluate(condition, in: inner), at: condition.range) {
        continue
      }
      switch try execute(switchCase.body, in: inner) {
      case .broke, .normal: return .normal
      case let flow: return flow
      }
    }
    // Swift checks at compile time that a `switch` covers every value; one
    // that did not match this one cannot have been exhaustive.
    throw refuse(
      "switch must be exhaustive: no case matches \(SwiftText.debug(subject))", at: range,
      instead: "a `case` for it, or `default:`")
  }

  /// The elements a `for` loop walks: an array, a range, a string's characters, a dictionary's pairs.
  func elements(of value: Value, at range: SourceRange) throws -> [Value] {
    switch value {
    case .array(let items): return items
    case .string(let text): return text.map { .string(String($0)) }
    case .opaque(let opaque):
      if let range = opaque as? RangeValue { return range.elements }
      if let dictionary = opaque as? DictionaryValue {
        return dictionary.entries.map { .tuple([$0.key, $0.value]) }
      }
    default: break
    }
    throw SwiftRunError.trap("a `for` loop needs a sequence, but this is \(SwiftText.debug(value))", range)
  }
}

extension Machine {
  /// `for await x in s` and `for try await x in s` keep their sequence as `await s` (`SwiftParser.parseForIn`).
  static func isAwaited(_ sequence: SwiftExpr) -> Bool {
    switch sequence.kind {
    case .awaited: return true
    case .tried(let inner): if case .awaited = inner.kind { return true }
    default: break
    }
    return false
  }

  static func awaitedOperand(_ sequence: SwiftExpr) -> SwiftExpr {
    switch sequence.kind {
    case .awaited(let inner): return inner
    case .tried(let inner): return awaitedOperand(inner)
    default: return sequence
    }
  }
}

extension Value {
  /// Swift's `()`: what a function with no result returns.
  static let void = Value.tuple([])
}
