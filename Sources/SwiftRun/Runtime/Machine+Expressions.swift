import StreamCore
import StreamLang
import SwiftImport

/// `a?.b` met a `nil` at `a`: the whole chain is `nil`.
struct OptionalChainEnded: Error {}

extension Machine {
  /// The value of an expression; an optional chain that met `nil` is `nil`.
  func evaluate(_ expression: SwiftExpr, in scope: Scope) throws -> Value {
    do {
      let value = try link(expression, in: scope)
      // `a?.b` is optional whatever `b` is.
      return Self.hasOptionalChain(expression) ? value.asOptional : value
    } catch is OptionalChainEnded {
      return .null
    }
  }

  /// `$0`…`$9`, made once, not at every use.
  static let dollarNames = (0..<10).map { "$\($0)" }

  /// Whether a `?` link ends the chain `expression` ends: `a?.b.c()`.
  static func hasOptionalChain(_ expression: SwiftExpr) -> Bool {
    switch expression.kind {
    case .postfix("?", _): return true
    case .postfix("!", let base), .member(let base?, _), .subscripted(let base, _): return hasOptionalChain(base)
    case .call(let callee, _): return hasOptionalChain(callee)
    default: return false
    }
  }

  /// One link of a chain (`a?.b.c()`): a `nil` before a `?` ends the whole chain.
  func link(_ expression: SwiftExpr, in scope: Scope) throws -> Value {
    switch expression.kind {
    case .identifier(let name):
      return try lookup(name, at: expression.range, in: scope)
    case .dollar(let index):
      return try lookup(
        index < Self.dollarNames.count ? Self.dollarNames[index] : "$\(index)", at: expression.range, in: scope)
    case .integer(let digits):
      if let number = Int(digits) { return .int(number) }
      let cleaned = digits.filter { $0 != "_" }
      let number = cleaned.hasPrefix("0x") ? Int(cleaned.dropFirst(2), radix: 16) : Int(cleaned)
      guard let number else {
        throw SwiftRunError.trap("integer literal \(digits) overflows Int", expression.range)
      }
      return .int(number)
    case .float(let digits):
      return .double(Double(digits.filter { $0 != "_" }) ?? .nan)
    case .string(let parts):
      var text = ""
      for part in parts {
        switch part {
        case .text(let piece): text += piece
        case .interpolation(let inner):
          let value = asGenericArgument(try evaluate(inner, in: scope), readBy: inner, in: scope)
          noteModuleNames(in: value)
          text += SwiftText.plain(value)
        }
      }
      return .string(text)
    case .bool(let flag):
      return .bool(flag)
    case .null:
      return .null
    case .member(let base?, let name):
      try requireUnwrappedSelf(base, member: name, in: scope)
      let target = try link(base, in: scope)
      try requireUnwrapped(target, readBy: base, in: scope)
      let made = try member(name, of: target, at: expression.range, baseRange: base.range, in: scope)
      if name == "publisher", let sequence = made.opaque(as: PublisherValue.self), sequence.stages.isEmpty {
        sequence.types = [sequenceType(base, in: scope)]
      }
      return made
    case .member(nil, let name):
      return try implicitMember(name, arguments: nil, at: expression.range, in: scope)
    case .call(let callee, let arguments):
      return try call(callee, arguments, at: expression.range, in: scope)
    case .specialized(let base, let generics):
      let value = try link(base, in: scope)
      if let type = value.opaque(as: TypeValue.self), case .builtin(let name, _) = type.target {
        return .opaque(TypeValue(.builtin(name, generics)))
      }
      return value
    case .subscripted(let base, let arguments):
      let target = try link(base, in: scope)
      let indices = try arguments.map { try evaluate($0.value, in: scope) }
      return try subscriptValue(target, indices, at: expression.range)
    case .closure(let closure):
      let captured = try ClosureCapture.scope(
        for: closure, in: scope, globals: globals, text: text,
        evaluate: { [unowned self] in try self.evaluate($0, in: scope) },
        resolve: { [unowned self] name in try self.lookup(name, at: closure.range, in: scope) })
      let function = FunctionValue(.closure(closure, captured: captured))
      function.compiled = ClosureCompiler.compile(closure, captured: captured, machine: self)
      if function.compiled != nil {
        function.compiledUnary = ClosureCompiler.compileUnary(closure, captured: captured, machine: self)
        function.compiledBinary = ClosureCompiler.compileBinary(closure, captured: captured, machine: self)
      }
      return .opaque(function)
    case .prefix(let op, let operand) where op == "..<" || op == "...":
      guard case .int(let upper) = try evaluate(operand, in: scope) else {
        throw refuse("streamlab runs one-sided ranges of Int only", at: expression.range)
      }
      return .opaque(RangeValue(lower: 0, upper: upper, isClosed: op == "..."))
    case .prefix(let op, let operand):
      return try prefix(op, try evaluate(operand, in: scope), at: expression.range)
    case .postfix("?", let base):
      let value = try link(base, in: scope)
      if case .null = value { throw OptionalChainEnded() }
      return value.unwrapped
    case .postfix("!", let base):
      let value = try link(base, in: scope)
      if case .null = value {
        throw SwiftRunError.trap("Unexpectedly found nil while unwrapping an Optional value", expression.range)
      }
      return value.unwrapped
    case .postfix("...", let lower):
      // `items[2...]`: a range up to the end of what it indexes.
      guard case .int(let from) = try evaluate(lower, in: scope) else {
        throw refuse("streamlab runs one-sided ranges of Int only", at: expression.range)
      }
      return .opaque(RangeValue(lower: from, upper: .max, isClosed: true))
    case .postfix(let op, _):
      throw refuse("streamlab does not run the postfix operator `\(op)`", at: expression.range)
    case .binary("&&", let left, let right):
      guard try truth(try evaluate(left, in: scope), at: left.range) else { return .bool(false) }
      return .bool(try truth(try evaluate(right, in: scope), at: right.range))
    case .binary("||", let left, let right):
      if try truth(try evaluate(left, in: scope), at: left.range) { return .bool(true) }
      return .bool(try truth(try evaluate(right, in: scope), at: right.range))
    case .binary("??", let left, let right):
      let value = try evaluate(left, in: scope)
      if case .null = value { return try evaluate(right, in: scope) }
      return value.unwrapped
    case .binary(let op, let left, let right):
      let (a, b) = (try evaluate(left, in: scope), try evaluate(right, in: scope))
      // `vm == nil` compares the Optional; arithmetic needs the value.
      if op != "==", op != "!=" {
        try requireUnwrapped(a, readBy: left, in: scope)
        try requireUnwrapped(b, readBy: right, in: scope)
      }
      return try binary(op, a, b, at: expression.range)
    case .ternary(let condition, let whenTrue, let whenFalse):
      return try truth(try evaluate(condition, in: scope), at: condition.range)
        ? try evaluate(whenTrue, in: scope) : try evaluate(whenFalse, in: scope)
    case .array(let elements):
      return .arrayLiteral(try elements.map { try evaluate($0, in: scope).copiedIfValue })
    case .tuple(let elements):
      if elements.count == 1, elements[0].label == nil { return try evaluate(elements[0].value, in: scope) }
      let items = try elements.map { try evaluate($0.value, in: scope).copiedIfValue }
      if elements.contains(where: { $0.label != nil }) {
        return .opaque(LabelledTuple(labels: elements.map(\.label), items: items))
      }
      return .tuple(items)
    case .inoutArgument(let target):
      if let (owner, name) = try projectedPublished(target, in: scope) {
        // `&$ticks`: reads and writes the property of an instance held weakly,
        // so a subscription assigning to it does not keep its owner alive.
        let weakOwner = WeakInstance(owner)
        return .opaque(
          InoutReference(
            read: { [unowned self] in
              guard let owner = weakOwner.instance else { return .null }
              return try self.member(name, of: .opaque(owner), at: target.range, baseRange: target.range, in: globals)
            },
            write: { [unowned self] value in
              guard let owner = weakOwner.instance else { return }
              try self.setMember(name, of: .opaque(owner), to: value, at: target.range, in: globals)
            }, publishedOwner: weakOwner))
      }
      return .opaque(
        InoutReference(
          read: { [unowned self] in try self.evaluate(target, in: scope) },
          write: { [unowned self] value in try self.assign(value, to: target, in: scope) }))
    case .keyPath(let path):
      let components = path.split(separator: ".").map(String.init).filter {
        !$0.isEmpty && $0.first?.isUppercase != true
      }
      return .opaque(KeyPathValue(components: components))
    case .cast(let value, let op, let type):
      return try cast(try evaluate(value, in: scope), op: op, to: type, at: expression.range)
    case .tried(let inner):
      return try link(inner, in: scope)
    case .optionalTry(let inner):
      do { return try evaluate(inner, in: scope).asOptional } catch SwiftRunError.thrown { return .null }
    case .forcedTry(let inner):
      do {
        return try evaluate(inner, in: scope)
      } catch SwiftRunError.thrown(let error, _) {
        throw SwiftRunError.trap(
          "'try!' expression unexpectedly raised an error: \(SwiftText.plain(error))", expression.range)
      }
    case .awaited(let inner):
      // What this line of execution holds while it waits, for the leak finder.
      awaitScopes.append(scope)
      defer { awaitScopes.removeLast() }
      return try evaluate(inner, in: scope)
    case .dictionary(let entries):
      return .opaque(
        DictionaryValue(
          try entries.map {
            (key: try evaluate($0.key, in: scope), value: try evaluate($0.value, in: scope).copiedIfValue)
          }))
    }
  }

  /// A name: a variable, a property of `self`, a function, a type.
  func lookup(_ name: String, at range: SourceRange, in scope: Scope) throws -> Value {
    if name == "self" || name == "Self" {
      if let selfValue = scope.currentSelf {
        if case .null = selfValue, name == "self", scope.weakSelf?.isUnowned == true {
          throw SwiftRunError.trap(
            "Attempted to read an unowned reference but the object was already deallocated", range)
        }
        return name == "self" ? selfValue : .opaque(typeValue(of: selfValue))
      }
      throw refuse("`self` is used outside a type", at: range)
    }
    if let variable = scope.lookup(name) {
      if let weak = variable.value.opaque(as: WeakReference.self) {
        if let instance = weak.reference.instance { return .opaque(instance) }
        if weak.reference.isUnowned {
          throw SwiftRunError.trap(
            "Attempted to read an unowned reference but the object was already deallocated", range)
        }
        return .null
      }
      return variable.value
    }
    if let selfValue = scope.currentSelf, let instance = selfValue.opaque(as: Instance.self),
      instance.fields[name] != nil || instance.type.computedProperties[name] != nil
        || instance.type.methods[name] != nil
        || (name.hasPrefix("$") && instance.published[String(name.dropFirst())] != nil)
    {
      return try member(name, of: selfValue, at: range, baseRange: range, in: scope)
    }
    if let definition = types[name] { return .opaque(TypeValue(.declared(definition))) }
    if functions[name] != nil {
      return .opaque(
        FunctionValue(
          .builtin(name: name) { [unowned self] arguments in
            try self.callGlobalFunction(name, arguments, at: range)
          }))
    }
    if let builtin = try builtinName(name, at: range) { return builtin }
    if name.first.map({ !$0.isLetter && $0 != "_" && $0 != "$" }) == true {
      // `reduce(0, +)`: the operator as a function of two values.
      let function = FunctionValue(
        .builtin(name: name) { [unowned self] arguments in
          guard arguments.count == 2 else { throw SwiftRunError.trap("`\(name)` takes two values", range) }
          return try self.binary(name, arguments[0].value, arguments[1].value, at: range)
        })
      let operation = ClosureCompiler.operation(name, machine: self, at: range)
      function.compiled = { arguments in
        guard arguments.count == 2 else { throw SwiftRunError.trap("`\(name)` takes two values", range) }
        return try operation(arguments[0], arguments[1])
      }
      function.compiledBinary = operation
      return .opaque(function)
    }
    if let advice = UnsupportedSwift.advice(forType: name) ?? Self.outsideTheClock[name] {
      throw refuse(advice.message, at: range, instead: advice.instead)
    }
    let candidates = scope.visibleNames + Array(types.keys) + Array(functions.keys)
    throw SwiftRunError.refused(
      Diagnostic(
        "`\(name)` is not declared in the paste", at: range,
        suggestion: Suggestion.closest(to: name, among: candidates)))
  }

  /// Names of APIs that reach outside the virtual clock or the one thread
  /// the paste runs on, with what stands in for them.
  static let outsideTheClock: [String: UnsupportedSwift.Advice] = [
    "NotificationCenter": .init(
      message: "streamlab cannot run `NotificationCenter`: its notifications come from outside the paste",
      instead: "a `PassthroughSubject` sent to at the times the notifications would come"),
    "withTaskGroup": .init(
      message: "streamlab does not run task groups (their child tasks run alongside each other)",
      instead: "a `Task { … }` per child, each awaited with `await task.value`"),
    "withThrowingTaskGroup": .init(
      message: "streamlab does not run task groups (their child tasks run alongside each other)",
      instead: "a `Task { … }` per child, each awaited with `try await task.value`"),
    "Thread": .init(
      message: "streamlab runs the paste on one thread, the virtual clock's", instead: "`DispatchQueue.main.asyncAfter`"
    ),
    "UIApplication": .init(
      message: "UIKit exists on Apple's systems only", instead: "a subject standing in for the UI event"),
    "UIButton": .init(
      message: "UIKit exists on Apple's systems only", instead: "a `PassthroughSubject<Void, Never>` for the taps"),
    "UITextField": .init(
      message: "UIKit exists on Apple's systems only", instead: "a `PassthroughSubject<String, Never>` for the text"),
    "Int.random": .init(message: "random numbers differ at every run", instead: "the values written out"),
    "FileManager": .init(message: "streamlab does no real I/O", instead: "`Just` with the file's contents"),
    "URL": .init(
      message: "streamlab cannot run network requests: `URL`s lead to real I/O",
      instead: "a `Future` fulfilled in `asyncAfter`, or `Just(…).delay(for:scheduler:)`, standing in for the response"),
  ]

  private func typeValue(of value: Value) -> TypeValue {
    if let instance = value.opaque(as: Instance.self) { return TypeValue(.declared(instance.type)) }
    return TypeValue(.builtin(value.typeName, []))
  }

  // MARK: Operators

  func prefix(_ op: String, _ value: Value, at range: SourceRange) throws -> Value {
    switch (op, value) {
    case ("-", .int(let number)):
      let (negated, overflow) = (0).subtractingReportingOverflow(number)
      if overflow { throw SwiftRunError.trap("arithmetic overflow in -\(number)", range) }
      return .int(negated)
    case ("-", .double(let number)): return .double(-number)
    case ("!", .bool(let flag)): return .bool(!flag)
    case ("+", .int), ("+", .double): return value
    default:
      throw SwiftRunError.trap("`\(op)` cannot apply to \(SwiftText.debug(value))", range)
    }
  }

  func binary(_ op: String, _ left: Value, _ right: Value, at range: SourceRange) throws -> Value {
    switch (op, left, right) {
    // An optional compares with a plain value by promotion: `Optional(3) == 3`.
    case ("==", _, _): return .bool(left.unwrapped == right.unwrapped)
    case ("!=", _, _): return .bool(left.unwrapped != right.unwrapped)
    case ("===", .opaque(let a), .opaque(let b)): return .bool(a === b)
    case ("!==", .opaque(let a), .opaque(let b)): return .bool(a !== b)
    case ("..<", .int(let a), .int(let b)), ("...", .int(let a), .int(let b)):
      if op == "..<" ? a > b : a > b {
        throw SwiftRunError.trap("Range requires lowerBound <= upperBound", range)
      }
      return .opaque(RangeValue(lower: a, upper: b, isClosed: op == "..."))
    case (_, .int(let a), .int(let b)):
      return try integer(op, a, b, at: range)
    case (_, .double(let a), .double(let b)):
      return try double(op, a, b, at: range)
    case ("+", .string(let a), .string(let b)):
      return .string(a + b)
    case ("+", .array(let a), .array(let b)):
      return .array(a + b)
    case ("+", .duration(let a), .duration(let b)): return .duration(a + b)
    case ("-", .duration(let a), .duration(let b)): return .duration(a - b)
    case ("+", .duration(let a), .double(let seconds)), ("+", .double(let seconds), .duration(let a)):
      return .duration(a + (try self.seconds(seconds, at: range)))
    case ("+", .duration(let a), .int(let seconds)):
      return .duration(a + .seconds(seconds))
    case ("<", .string(let a), .string(let b)): return .bool(a < b)
    case (">", .string(let a), .string(let b)): return .bool(a > b)
    case ("<=", .string(let a), .string(let b)): return .bool(a <= b)
    case (">=", .string(let a), .string(let b)): return .bool(a >= b)
    case ("<", .duration(let a), .duration(let b)): return .bool(a < b)
    case (">", .duration(let a), .duration(let b)): return .bool(a > b)
    default:
      throw SwiftRunError.trap(
        "`\(op)` cannot combine \(SwiftText.debug(left)) and \(SwiftText.debug(right))", range)
    }
  }

  private func integer(_ op: String, _ a: Int, _ b: Int, at range: SourceRange) throws -> Value {
    func checked(_ result: (partialValue: Int, overflow: Bool)) throws -> Value {
      if result.overflow { throw SwiftRunError.trap("arithmetic overflow in \(a) \(op) \(b)", range) }
      return .int(result.partialValue)
    }
    switch op {
    case "+": return try checked(a.addingReportingOverflow(b))
    case "-": return try checked(a.subtractingReportingOverflow(b))
    case "*": return try checked(a.multipliedReportingOverflow(by: b))
    case "/", "%":
      if b == 0 { throw SwiftRunError.trap("Division by zero in \(a) \(op) \(b)", range) }
      return try checked(op == "/" ? a.dividedReportingOverflow(by: b) : a.remainderReportingOverflow(dividingBy: b))
    case "<": return .bool(a < b)
    case ">": return .bool(a > b)
    case "<=": return .bool(a <= b)
    case ">=": return .bool(a >= b)
    case "&": return .int(a & b)
    case "|": return .int(a | b)
    case "^": return .int(a ^ b)
    default: throw SwiftRunError.trap("`\(op)` cannot combine \(a) and \(b)", range)
    }
  }

  private func double(_ op: String, _ a: Double, _ b: Double, at range: SourceRange) throws -> Value {
    switch op {
    case "+": return .double(a + b)
    case "-": return .double(a - b)
    case "*": return .double(a * b)
    case "/": return .double(a / b)
    case "<": return .bool(a < b)
    case ">": return .bool(a > b)
    case "<=": return .bool(a <= b)
    case ">=": return .bool(a >= b)
    default: throw SwiftRunError.trap("`\(op)` cannot combine \(a) and \(b)", range)
    }
  }

  private func cast(_ value: Value, op: String, to type: WrittenType, at range: SourceRange) throws -> Value {
    switch op {
    case "is": return .bool(conforms(value, to: type))
    case "as?": return conforms(value.unwrapped, to: type) ? value.unwrapped.asOptional : .null
    case "as!":
      guard conforms(value, to: type) else {
        throw SwiftRunError.trap("Could not cast value \(SwiftText.debug(value)) to \(type)", range)
      }
      return value
    default:
      // `as`: a conversion the compiler checked; `1 as Double` makes a Double.
      if case .named("Double", _) = type, case .int(let number) = value { return .double(Double(number)) }
      return value
    }
  }

  // MARK: Assignment

  /// Writes `value` where `target` names: a variable, a property, an element.
  func assign(_ value: Value, to target: SwiftExpr, in scope: Scope) throws {
    switch target.kind {
    case .identifier("_"):
      return
    case .identifier(let name):
      if let variable = scope.lookup(name) {
        if variable.isConstant { throw refuse("cannot assign to `\(name)`: it is a `let` constant", at: target.range) }
        return try write(value, to: variable, at: target.range)
      }
      if let selfValue = scope.currentSelf {
        return try setMember(name, of: selfValue, to: value, at: target.range, in: scope)
      }
      throw refuse("`\(name)` is not declared in the paste", at: target.range)
    case .member(let base?, let name):
      try requireUnwrappedSelf(base, member: name, in: scope)
      let owner = try link(base, in: scope)
      try setMember(name, of: owner, to: value, at: target.range, in: scope)
    case .subscripted(let base, let arguments):
      let container = try evaluate(base, in: scope)
      let indices = try arguments.map { try evaluate($0.value, in: scope) }
      try assign(
        try replacingElement(of: container, at: indices, with: value, range: target.range), to: base, in: scope)
    case .postfix(_, let base):
      try assign(value, to: base, in: scope)
    case .tuple(let elements):
      guard case .tuple(let items) = value, items.count == elements.count else {
        throw SwiftRunError.trap("cannot assign \(SwiftText.debug(value)) to a tuple", target.range)
      }
      for (element, item) in zip(elements, items) { try assign(item, to: element.value, in: scope) }
    default:
      throw refuse("streamlab cannot assign to this", at: target.range)
    }
  }

  /// Stores into a variable, running its observers around the write; with
  /// `range`, the value is first checked against the variable's declared type.
  func write(_ value: Value, to variable: Variable, at range: SourceRange? = nil) throws {
    if let range {
      // With no type written, Swift's is the one its first value gave it (`@Published var ticks = 0`).
      try checkAssignable(value, to: variable.writtenType ?? Self.inferredType(of: variable.value), at: range)
    }
    let value = variable.wrapsOptional ? value.asOptional : value
    guard let observer = variable.observer else {
      variable.value = value
      return
    }
    let old = variable.value
    try observer.willSet?(value)
    variable.value = value
    try observer.didSet?(old)
  }

  /// `$name` or `object.$name` naming an instance's `@Published` property: the instance and `$name`.
  func projectedPublished(_ target: SwiftExpr, in scope: Scope) throws -> (Instance, String)? {
    let owner: Value?
    let name: String
    switch target.kind {
    case .identifier(let written) where written.hasPrefix("$") && written.count > 1:
      (owner, name) = (scope.currentSelf, written)
    case .member(let base?, let written) where written.hasPrefix("$"):
      (owner, name) = (try evaluate(base, in: scope), written)
    default:
      return nil
    }
    guard let instance = owner?.opaque(as: Instance.self), !instance.isStruct,
      instance.published[String(name.dropFirst())] != nil
    else { return nil }
    return (instance, name)
  }
}
