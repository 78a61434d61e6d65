import StreamLang
import SwiftImport

/// Finds, before a paste runs, a name it uses but declares nowhere: swiftc
/// refuses the whole program for it ("cannot find 'x' in scope"), while a
/// run would meet it only where the code runs. Issue 29's cuts: a deleted
/// `let results = …` whose name is used only in a `sink` that never gets a
/// value ran without a word.
///
/// Only lowercase names are judged (variables, functions, parameters):
/// Swift's and Foundation's types are too many to know, but their global
/// functions are few and listed in `swiftGlobals`. A name counts as declared
/// if the paste declares it anywhere, in any scope, so the check never
/// refuses what swiftc compiles for want of scope rules; what it misses, the
/// run still refuses where it meets it.
enum UndeclaredNames {
  /// The first name of the paste declared nowhere, in the paste's order, or
  /// else a `switch error` with no `default:` (below), as swiftc refuses them.
  static func diagnostic(in statements: [SwiftStatement], givens: [String] = []) -> Diagnostic? {
    var walk = Walk(pasteTypes: Walk.typeNames(in: statements))
    walk.visit(statements)
    let declared = walk.declared.union(givens)
    let undeclared = walk.uses
      .filter { use in
        guard let first = use.name.first, first.isLowercase else { return false }
        return !declared.contains(use.name) && !known.contains(use.name)
      }
      .min { $0.range.start < $1.range.start }
    if let undeclared {
      return Diagnostic(
        undeclared.name == "error"
          ? "`error` is not declared here: only a `catch` with no pattern binds it (elsewhere Swift reads it as the "
            + "`#error` macro)"
          : "`\(undeclared.name)` is not declared in the paste", at: undeclared.range,
        suggestion: Suggestion.closest(to: undeclared.name, among: declared.sorted()))
    }
    if let range = walk.uncoveredErrorSwitch {
      return Diagnostic(
        "switch must be exhaustive: `error` is an `any Error`, which no list of cases covers", at: range,
        expected: "a `default:` case")
    }
    return nil
  }

  /// What a paste may name without declaring it.
  static let known: Set<String> =
    swiftGlobals.union(implicitNames).union(Machine.xctestFunctions).union(Machine.testCaseHooks)
    .union(Machine.continuationFunctions)

  /// Swift's, Foundation's and Glibc's global functions a paste may call.
  static let swiftGlobals: Set<String> = [
    "print", "debugPrint", "dump", "fatalError", "precondition", "preconditionFailure", "assert",
    "assertionFailure", "min", "max", "abs", "stride", "zip", "type", "repeatElement", "sequence", "swap",
    "withExtendedLifetime", "readLine", "numericCast", "isKnownUniquelyReferenced", "unsafeBitCast",
    "withUnsafePointer", "withUnsafeMutablePointer", "withUnsafeBytes", "withTaskGroup", "withThrowingTaskGroup",
    "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup", "withTaskCancellationHandler",
    "withoutActuallyEscaping", "sleep", "usleep", "exit", "pow", "sqrt", "floor", "ceil", "round", "log", "exp",
    "sin", "cos", "tan", "atan2", "hypot", "fmod", "trunc", "arc4random", "arc4random_uniform", "autoreleasepool",
  ]

  /// Names Swift makes inside a declaration without their being written:
  /// an accessor's `newValue`/`oldValue`, a `catch`'s `error`, the members
  /// a type gets from Swift or from `ObservableObject`.
  static let implicitNames: Set<String> = [
    "self", "super", "newValue", "oldValue", "objectWillChange", "rawValue", "hashValue", "allCases",
    "description", "debugDescription",
  ]

  /// One pass over the tree: what is declared, and each name used.
  private struct Walk {
    var declared: Set<String> = []
    var uses: [(name: String, range: SourceRange)] = []
    /// Inside an extension of a type the paste does not declare (`extension
    /// Publisher`), or a type that inherits from one, a bare name may be one
    /// of that type's members (`map { … }` is `self.map { … }`).
    var inForeignMembers = 0
    /// The types the paste declares, anywhere in it.
    let pasteTypes: Set<String>
    /// Inside a `catch` with no pattern, whose body has `error`; elsewhere
    /// a bare `error` is Swift's `#error` macro, which swiftc refuses.
    var inBareCatch = 0
    /// A `switch error` in a bare `catch` with no `default:`: `error` is an
    /// `any Error`, which no list of cases covers, even one covering every
    /// case of the enum thrown (issue 29's cuts: a deleted `default:`).
    var uncoveredErrorSwitch: SourceRange?

    init(pasteTypes: Set<String>) {
      self.pasteTypes = pasteTypes
    }

    mutating func visit(_ statements: [SwiftStatement]) {
      for statement in statements { visit(statement) }
    }

    static func typeNames(in statements: [SwiftStatement]) -> Set<String> {
      var names: Set<String> = []
      for statement in statements {
        switch statement.kind {
        case .type(let declaration) where declaration.kind != .extension:
          names.insert(declaration.name)
          names.formUnion(typeNames(in: declaration.members))
        case .type(let declaration): names.formUnion(typeNames(in: declaration.members))
        case .typeDeclaration(let name, let members):
          names.insert(name)
          names.formUnion(typeNames(in: members))
        default: continue
        }
      }
      return names
    }

    /// Protocols whose members a paste's type gets without declaring them,
    /// all in `implicitNames`; any other outside supertype may give more.
    static let plainConformances: Set<String> = [
      "ObservableObject", "Equatable", "Hashable", "Codable", "Encodable", "Decodable", "CustomStringConvertible",
      "CustomDebugStringConvertible", "Error", "LocalizedError", "Identifiable", "Sendable", "Comparable",
      "CaseIterable", "String", "Int", "Double", "AnyObject", "XCTestCase",
    ]

    mutating func visit(_ statement: SwiftStatement) {
      switch statement.kind {
      case .declaration(_, let name, _, _, let value, let attributes):
        declare(name, published: attributes.contains { $0.contains("Published") })
        if let value { visit(value) }
      case .function(let function):
        visit(function)
      case .typeDeclaration(let name, let members):
        declared.insert(name)
        visit(members)
      case .assignment(let target, let value), .compoundAssignment(_, let target, let value):
        visit(target)
        visit(value)
      case .expression(let expression), .throwStatement(let expression):
        visit(expression)
      case .returnValue(let value):
        if let value { visit(value) }
      case .variable(let variable):
        visit(variable)
      case .type(let declaration):
        visit(declaration)
      case .enumCases(let cases):
        for enumCase in cases {
          declared.insert(enumCase.name)
          if let raw = enumCase.rawValue { visit(raw) }
        }
      case .ifStatement(let conditions, let then, let otherwise):
        visit(conditions)
        visit(then)
        if let otherwise { visit(otherwise) }
      case .guardStatement(let conditions, let otherwise):
        visit(conditions)
        visit(otherwise)
      case .switchStatement(let subject, let cases):
        if inBareCatch > 0, subject.kind == .identifier("error"), uncoveredErrorSwitch == nil,
          !declared.contains("error"),
          !cases.contains(where: { switchCase in
            switchCase.patterns.isEmpty
              || (switchCase.whereClause == nil && switchCase.patterns.contains(where: Machine.isIrrefutable))
          })
        {
          uncoveredErrorSwitch = statement.range
        }
        visit(subject)
        for switchCase in cases {
          for pattern in switchCase.patterns { visit(pattern) }
          if let clause = switchCase.whereClause { visit(clause) }
          visit(switchCase.body)
        }
      case .forIn(let pattern, let sequence, let whereClause, let body):
        visit(pattern)
        visit(sequence)
        if let whereClause { visit(whereClause) }
        visit(body)
      case .whileLoop(let conditions, let body):
        visit(conditions)
        visit(body)
      case .repeatWhile(let body, let condition):
        visit(body)
        visit(condition)
      case .doCatch(let body, let catches):
        visit(body)
        for clause in catches {
          if let pattern = clause.pattern { visit(pattern) }
          let bare = clause.pattern == nil
          if bare { inBareCatch += 1 }
          if let clause = clause.whereClause { visit(clause) }
          visit(clause.body)
          if bare { inBareCatch -= 1 }
        }
      case .deferStatement(let body):
        visit(body)
      case .importModule, .breakStatement, .continueStatement, .outsideSubset:
        break
      }
    }

    mutating func declare(_ name: String, published: Bool = false) {
      declared.insert(name)
      if published { declared.insert("$" + name) }
    }

    mutating func visit(_ function: SwiftFunction) {
      declared.insert(function.name)
      declared.formUnion(function.genericParameters)
      for parameter in function.parameters {
        declared.insert(parameter.name)
        if let value = parameter.defaultValue { visit(value) }
      }
      visit(function.body)
    }

    mutating func visit(_ variable: SwiftVariable) {
      let published = variable.attributes.contains { $0.contains("Published") }
      for name in variable.pattern.boundNames { declare(name, published: published) }
      if let value = variable.value { visit(value) }
      switch variable.accessors {
      case .computed(let getter, let setter, let setterName)?:
        visit(getter)
        declared.insert(setterName)
        if let setter { visit(setter) }
      case .observed(let willSet, let willSetName, let didSet, let didSetName)?:
        declared.insert(willSetName)
        declared.insert(didSetName)
        if let willSet { visit(willSet) }
        if let didSet { visit(didSet) }
      case nil:
        break
      }
    }

    mutating func visit(_ declaration: SwiftTypeDeclaration) {
      if declaration.kind != .extension { declared.insert(declaration.name) }
      declared.formUnion(declaration.genericParameters)
      let extendsForeign = declaration.kind == .extension && !pasteTypes.contains(declaration.name)
      let inheritsForeign =
        declaration.kind == .class
        && declaration.inherited.contains { supertype in
          let name = supertype.description
          return !pasteTypes.contains(name) && !Self.plainConformances.contains(name)
        }
      let foreign = extendsForeign || inheritsForeign
      if foreign { inForeignMembers += 1 }
      visit(declaration.members)
      if foreign { inForeignMembers -= 1 }
    }

    mutating func visit(_ conditions: [SwiftCondition]) {
      for condition in conditions {
        switch condition {
        case .expression(let expression):
          visit(expression)
        case .optionalBinding(_, let name, let value, let range):
          if let value {
            visit(value)
          } else {
            use(name, at: range)  // `if let x {`: reads `x`
          }
          declared.insert(name)
        case .matching(let pattern, let expression):
          visit(pattern)
          visit(expression)
        }
      }
    }

    mutating func visit(_ pattern: SwiftPattern) {
      switch pattern {
      case .wildcard: break
      case .binding(let name, _): declared.insert(name)
      case .expression(let expression): visit(expression)
      case .enumCase(_, _, let arguments), .tuple(let arguments):
        for argument in arguments { visit(argument.pattern) }
      case .optional(let inner): visit(inner)
      case .typeCheck(let inner, _): if let inner { visit(inner) }
      }
    }

    mutating func use(_ name: String, at range: SourceRange) {
      guard inForeignMembers == 0, name != "error" || inBareCatch == 0 else { return }
      uses.append((name, range))
    }

    mutating func visit(_ expression: SwiftExpr) {
      switch expression.kind {
      case .identifier(let name):
        use(name, at: expression.range)
      case .call(let callee, let arguments) where callee.kind.isMember(named: "store"):
        // `.store(in: &cancellables)` into a set the paste does not declare
        // runs with a note saying what Swift needs (`Machine`'s store), as
        // articles often leave the declaration out.
        visit(callee)
        for argument in arguments {
          if argument.label == "in", case .inoutArgument(let set) = argument.value.kind, case .identifier = set.kind {
            continue
          }
          visit(argument.value)
        }
      case .closure(let closure):
        declared.formUnion(closure.parameters)
        for capture in closure.captures {
          declared.insert(capture.name)
          if let value = capture.value {
            visit(value)
          } else {
            use(capture.name, at: capture.range)  // `[vm]` reads `vm`
          }
        }
        visit(closure.body)
      default:
        for child in expression.children { visit(child) }
      }
    }
  }
}

extension SwiftPattern {
  /// The names a pattern binds: `let (a, b)` binds `a` and `b`.
  var boundNames: [String] {
    switch self {
    case .wildcard, .expression: return []
    case .binding(let name, _): return [name]
    case .enumCase(_, _, let arguments), .tuple(let arguments): return arguments.flatMap(\.pattern.boundNames)
    case .optional(let inner): return inner.boundNames
    case .typeCheck(let inner, _): return inner?.boundNames ?? []
    }
  }
}

extension SwiftExprKind {
  /// True for `base.name`.
  fileprivate func isMember(named name: String) -> Bool {
    if case .member(_, name) = self { return true }
    return false
  }
}
