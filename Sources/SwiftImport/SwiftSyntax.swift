import StreamLang

// The syntax tree of the Swift subset streamlab reads: statements,
// expressions, closures and types, each with its source range in the paste.
// It says what was written, not what it means; `SwiftLowering` decides that.

/// One Swift expression with where it was written.
public struct SwiftExpr: Hashable {
  public var kind: SwiftExprKind
  public var range: SourceRange

  public init(kind: SwiftExprKind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }
}

public indirect enum SwiftExprKind: Hashable {
  case identifier(String)
  case dollar(Int)
  case integer(String)
  case float(String)
  case string([SwiftStringPart])
  case bool(Bool)
  case null
  /// `base.name`; an implicit member (`.milliseconds(300)`) has no base.
  case member(base: SwiftExpr?, name: String)
  /// `callee(label: value, …) { trailing closure } label: { … }`.
  case call(callee: SwiftExpr, arguments: [SwiftArgument])
  /// `Name<T, E>` before a call or a member: the generic arguments as written.
  case specialized(SwiftExpr, [SwiftType])
  /// `base[index]`.
  case subscripted(SwiftExpr, [SwiftArgument])
  case closure(SwiftClosure)
  /// `-x`, `!flag`; in the interpreter's mode also `..<5` and `...5`.
  case prefix(op: String, SwiftExpr)
  /// `x!` and `x?` (optional chaining), kept so lowering can look through them;
  /// in the interpreter's mode also `2...`, a range with no upper bound.
  case postfix(op: String, SwiftExpr)
  case binary(op: String, SwiftExpr, SwiftExpr)
  case ternary(SwiftExpr, SwiftExpr, SwiftExpr)
  case array([SwiftExpr])
  /// `(a, b)`; one element in parentheses is just that element.
  case tuple([SwiftArgument])
  /// `&cancellables`: an `inout` argument.
  case inoutArgument(SwiftExpr)
  /// `\.text`: a key path.
  case keyPath(String)
  /// `x as Int`, `x as? Int`, `x is Int`.
  case cast(SwiftExpr, op: String, SwiftType)
  /// `try x`; in the lowering's mode also `try? x`, `try! x` and `await x`.
  case tried(SwiftExpr)
  // The interpreter's mode only: what these give differs from `try x`'s.
  /// `try? x`: nil when `x` throws.
  case optionalTry(SwiftExpr)
  /// `try! x`: stops the program when `x` throws.
  case forcedTry(SwiftExpr)
  /// `await x`.
  case awaited(SwiftExpr)
  /// `["a": 1, "b": 2]`, and `[:]` with no entries.
  case dictionary([SwiftDictionaryEntry])
}

/// One `key: value` of a dictionary literal (the interpreter's mode only).
public struct SwiftDictionaryEntry: Hashable {
  public var key: SwiftExpr
  public var value: SwiftExpr
}

/// A piece of a string literal: text, or an interpolated expression.
public enum SwiftStringPart: Hashable {
  case text(String)
  case interpolation(SwiftExpr)
}

/// One argument of a call, labelled or not; a trailing closure is an
/// argument whose `isTrailing` is true.
public struct SwiftArgument: Hashable {
  public var label: String?
  public var value: SwiftExpr
  public var isTrailing = false
  public var range: SourceRange
}

/// `{ [weak self] a, b in statements }`.
public struct SwiftClosure: Hashable {
  /// Parameter names as written (`_` included); empty for `{ $0 * 2 }`.
  public var parameters: [String]
  public var body: [SwiftStatement]
  public var range: SourceRange
  /// `[weak self, count]` (the interpreter's mode only; empty otherwise).
  public var captures: [SwiftCapture] = []
  /// The parameters' types where written (`{ (x: Int) -> Int in … }`), by position.
  public var parameterTypes: [SwiftType?] = []
  /// `{ x -> Int in … }`: the result type where written (the interpreter's mode only).
  public var resultType: SwiftType? = nil
}

/// A type as written: `Int`, `AnyPublisher<Int, Never>`, `[String]`, `(Int, String)`, `Int?`.
public indirect enum SwiftType: Hashable, CustomStringConvertible {
  case named(String, [SwiftType])
  case array(SwiftType)
  case dictionary(SwiftType, SwiftType)
  case tuple([SwiftType])
  case optional(SwiftType)
  /// `T!`: an Optional Swift unwraps wherever a `T` is needed (`var vm: ViewModel!`, set in `setUp`).
  case implicitlyUnwrapped(SwiftType)
  case function([SwiftType], SwiftType)

  public var description: String {
    switch self {
    case .named(let name, let arguments):
      return arguments.isEmpty ? name : "\(name)<\(arguments.map(\.description).joined(separator: ", "))>"
    case .array(let element): return "[\(element)]"
    case .dictionary(let key, let value): return "[\(key): \(value)]"
    case .tuple(let elements): return "(\(elements.map(\.description).joined(separator: ", ")))"
    case .optional(let wrapped): return "\(wrapped)?"
    case .implicitlyUnwrapped(let wrapped): return "\(wrapped)!"
    case .function(let parameters, let result):
      return "(\(parameters.map(\.description).joined(separator: ", "))) -> \(result)"
    }
  }
}

/// One statement of the paste or of a body.
public struct SwiftStatement: Hashable {
  public var kind: SwiftStatementKind
  public var range: SourceRange
}

public enum SwiftStatementKind: Hashable {
  /// `let name: Type = value` or `var …`; `attributes` holds `@Published`.
  case declaration(
    isVariable: Bool, name: String, nameRange: SourceRange, type: SwiftType?, value: SwiftExpr?,
    attributes: [String])
  /// `func name(params) -> Result { body }`.
  case function(SwiftFunction)
  /// `class`/`struct`/`final class Name: … { members }`: members are read as statements.
  case typeDeclaration(name: String, members: [SwiftStatement])
  /// `lhs = rhs`.
  case assignment(SwiftExpr, SwiftExpr)
  case expression(SwiftExpr)
  case returnValue(SwiftExpr?)
  /// `import OpenCombine`: nothing to run.
  case importModule(String)
  // The interpreter's mode only (`SwiftParser.Mode.interpreter`):
  /// `let`/`var` with modifiers and accessors, in place of `.declaration`.
  case variable(SwiftVariable)
  /// A class, struct, enum, extension or protocol, in place of `.typeDeclaration`.
  case type(SwiftTypeDeclaration)
  /// `case a, b(Int)` inside an enum.
  case enumCases([SwiftEnumCase])
  /// `if conditions { … } else if … { … } else { … }`: an `else if` is an
  /// `otherwise` holding one `.ifStatement`.
  case ifStatement(conditions: [SwiftCondition], then: [SwiftStatement], otherwise: [SwiftStatement]?)
  case guardStatement(conditions: [SwiftCondition], otherwise: [SwiftStatement])
  case switchStatement(subject: SwiftExpr, cases: [SwiftSwitchCase])
  /// `for pattern in sequence where condition { body }`.
  case forIn(pattern: SwiftPattern, sequence: SwiftExpr, whereClause: SwiftExpr?, body: [SwiftStatement])
  case whileLoop(conditions: [SwiftCondition], body: [SwiftStatement])
  case repeatWhile(body: [SwiftStatement], condition: SwiftExpr)
  /// `lhs += rhs` and the other compound assignments; `op` is `+`, `-`, `*`, `/`, `%`.
  case compoundAssignment(op: String, SwiftExpr, SwiftExpr)
  case breakStatement
  case continueStatement
  case throwStatement(SwiftExpr)
  /// `do { … } catch … { … }`; `do` alone has no clauses.
  case doCatch(body: [SwiftStatement], catches: [SwiftCatchClause])
  case deferStatement([SwiftStatement])
  /// `if`, `switch`, `for`, `guard`, `do`, `throw`, … : read past, so a
  /// `sink` closure that prints with a `switch` does not stop the paste, and
  /// refused with `instead` where the lowering needs the statement.
  case outsideSubset(keyword: String, keywordRange: SourceRange, instead: String)
}

/// A function defined in the paste: a helper called from a closure
/// (`search(query)`), or a function whose body is the program (a test).
public struct SwiftFunction: Hashable {
  public var name: String
  public var parameters: [SwiftParameter]
  /// `-> AnyPublisher<[String], Never>`, checked against what the body returns.
  public var returnType: SwiftType?
  public var body: [SwiftStatement]
  public var range: SourceRange
  /// `static`, `mutating`, `private`, `override`… (the interpreter's mode only).
  public var modifiers: [String] = []
  public var isAsync = false
  public var isThrowing = false
  public var genericParameters: [String] = []
}

/// One parameter: `_ query: String`, `for term: String`, `scheduler: S`.
public struct SwiftParameter: Hashable {
  public var label: String?
  public var name: String
  public var type: SwiftType?
  /// `count: Int = 3` (the interpreter's mode only).
  public var defaultValue: SwiftExpr? = nil
  /// `_ value: inout Int`.
  public var isInout = false
  /// `_ items: Int...`.
  public var isVariadic = false
}

// MARK: The interpreter's statements (issue 29)
//
// `SwiftParser.parse(_:mode: .interpreter)` reads the whole statement grammar
// the Swift-subset interpreter (`SwiftRun`) runs: control flow, properties with
// accessors, type declarations with their kind, enum cases, patterns. The
// lowering's mode keeps reading these as `.outsideSubset` and `.declaration`,
// so what the lowering accepts does not change.

/// `let`/`var` with everything the interpreter needs: modifiers (`static`,
/// `weak`, `unowned`, `lazy`, `private`…), attributes (`@Published`), and
/// accessors (a computed property, or `willSet`/`didSet` observers).
public struct SwiftVariable: Hashable {
  public var isVariable: Bool
  /// What is bound: a name, or a tuple of names (`let (a, b) = pair`).
  public var pattern: SwiftPattern
  public var type: SwiftType?
  public var value: SwiftExpr?
  public var attributes: [String]
  public var modifiers: [String]
  public var accessors: SwiftAccessors?
  public var range: SourceRange
}

/// The accessors of a property.
public enum SwiftAccessors: Hashable {
  /// `var x: Int { … }` or `{ get { … } set(name) { … } }`; the setter's
  /// parameter is `newValue` unless named.
  case computed(getter: [SwiftStatement], setter: [SwiftStatement]?, setterName: String)
  /// `{ willSet { … } didSet { … } }`; the parameter names default to
  /// `newValue` and `oldValue`.
  case observed(willSet: [SwiftStatement]?, willSetName: String, didSet: [SwiftStatement]?, didSetName: String)
}

/// What kind of type a declaration makes.
public enum SwiftTypeKind: String, Hashable {
  case `class`, `struct`, `enum`, `extension`, `protocol`, `actor`
}

/// `class Name<T>: Base, Protocol where … { members }`; for an extension,
/// `name` is the extended type (`Publisher`).
public struct SwiftTypeDeclaration: Hashable {
  public var kind: SwiftTypeKind
  public var name: String
  public var nameRange: SourceRange
  public var genericParameters: [String]
  public var inherited: [SwiftType]
  public var modifiers: [String]
  public var members: [SwiftStatement]
  public var range: SourceRange
}

/// One case of `case a, b(Int), c(name: String) = raw`.
public struct SwiftEnumCase: Hashable {
  public var name: String
  public var associated: [SwiftEnumCaseField]
  public var rawValue: SwiftExpr?
  public var range: SourceRange
}

/// An associated value of an enum case: `name: String` or `Int`.
public struct SwiftEnumCaseField: Hashable {
  public var label: String?
  public var type: SwiftType
}

/// A condition of `if`, `guard` and `while`, separated by commas.
public enum SwiftCondition: Hashable {
  case expression(SwiftExpr)
  /// `let x = value`, `var x = value`, or the shorthand `let x` (value nil).
  case optionalBinding(isVariable: Bool, name: String, value: SwiftExpr?, range: SourceRange)
  /// `case .loaded(let items) = state`.
  case matching(SwiftPattern, SwiftExpr)
}

/// A pattern of `switch`, `case … =`, `for`, `catch` and tuple `let`s.
public indirect enum SwiftPattern: Hashable {
  /// `_`
  case wildcard
  /// `let name` / `var name`, or a bare name where a binding is meant.
  case binding(String, isVariable: Bool)
  /// An expression compared with `~=` (`1`, `"a"`, `0..<10`, `.idle` with no payload).
  case expression(SwiftExpr)
  /// `.loaded(let items)`, `State.failed(_)`, `.some(let x)`: the type's name
  /// when written, the case name, and the patterns of its associated values.
  case enumCase(typeName: String?, name: String, arguments: [SwiftPatternArgument])
  /// `(let a, _)`.
  case tuple([SwiftPatternArgument])
  /// `let x?`.
  case optional(SwiftPattern)
  /// `is T`, `let e as URLError`.
  case typeCheck(SwiftPattern?, SwiftType)
}

/// A pattern inside an enum case or tuple pattern, with its label if written.
public struct SwiftPatternArgument: Hashable {
  public var label: String?
  public var pattern: SwiftPattern
}

/// One `case …:` (or `default:` when `patterns` is empty) of a `switch`.
public struct SwiftSwitchCase: Hashable {
  public var patterns: [SwiftPattern]
  /// Guards the last pattern only, as Swift reads `case .a, .b where x:`
  /// (`.a`, or `.b` when `x`); a `where` before another pattern is refused.
  public var whereClause: SwiftExpr?
  public var body: [SwiftStatement]
  public var range: SourceRange
}

/// `catch pattern where … { body }`; a bare `catch` binds `error`.
public struct SwiftCatchClause: Hashable {
  public var pattern: SwiftPattern?
  public var whereClause: SwiftExpr?
  public var body: [SwiftStatement]
  public var range: SourceRange
}

/// A capture list entry: `[weak self]`, `[unowned vm]`, `[count = self.count]`, `[database]`.
public struct SwiftCapture: Hashable {
  public enum Strength: String, Hashable { case strong, weak, unowned }
  public var strength: Strength
  public var name: String
  /// `[count = self.count]`: the expression captured under `name`.
  public var value: SwiftExpr?
  public var range: SourceRange
}
