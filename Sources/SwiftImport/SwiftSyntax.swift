import StreamLang

// The syntax tree of the Swift subset streamlab reads: statements,
// expressions, closures and types, each with its source range in the paste.
// It says what was written, not what it means; `SwiftLowering` decides that.

/// One Swift expression with where it was written.
struct SwiftExpr: Hashable {
  var kind: SwiftExprKind
  var range: SourceRange
}

indirect enum SwiftExprKind: Hashable {
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
  case prefix(op: String, SwiftExpr)
  /// `x!` and `x?` (optional chaining), kept so lowering can look through them.
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
  /// `try x`, `try? x`, `await x`.
  case tried(SwiftExpr)
}

/// A piece of a string literal: text, or an interpolated expression.
enum SwiftStringPart: Hashable {
  case text(String)
  case interpolation(SwiftExpr)
}

/// One argument of a call, labelled or not; a trailing closure is an
/// argument whose `isTrailing` is true.
struct SwiftArgument: Hashable {
  var label: String?
  var value: SwiftExpr
  var isTrailing = false
  var range: SourceRange
}

/// `{ [weak self] a, b in statements }`.
struct SwiftClosure: Hashable {
  /// Parameter names as written (`_` included); empty for `{ $0 * 2 }`.
  var parameters: [String]
  var body: [SwiftStatement]
  var range: SourceRange
}

/// A type as written: `Int`, `AnyPublisher<Int, Never>`, `[String]`, `(Int, String)`, `Int?`.
indirect enum SwiftType: Hashable, CustomStringConvertible {
  case named(String, [SwiftType])
  case array(SwiftType)
  case dictionary(SwiftType, SwiftType)
  case tuple([SwiftType])
  case optional(SwiftType)
  case function([SwiftType], SwiftType)

  var description: String {
    switch self {
    case .named(let name, let arguments):
      return arguments.isEmpty ? name : "\(name)<\(arguments.map(\.description).joined(separator: ", "))>"
    case .array(let element): return "[\(element)]"
    case .dictionary(let key, let value): return "[\(key): \(value)]"
    case .tuple(let elements): return "(\(elements.map(\.description).joined(separator: ", ")))"
    case .optional(let wrapped): return "\(wrapped)?"
    case .function(let parameters, let result):
      return "(\(parameters.map(\.description).joined(separator: ", "))) -> \(result)"
    }
  }
}

/// One statement of the paste or of a body.
struct SwiftStatement: Hashable {
  var kind: SwiftStatementKind
  var range: SourceRange
}

enum SwiftStatementKind: Hashable {
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
  /// `if`, `switch`, `for`, `guard`, `do`, `throw`, … : read past, so a
  /// `sink` closure that prints with a `switch` does not stop the paste, and
  /// refused with `instead` where the lowering needs the statement.
  case outsideSubset(keyword: String, keywordRange: SourceRange, instead: String)
}

/// A function defined in the paste: a helper called from a closure
/// (`search(query)`), or a function whose body is the program (a test).
struct SwiftFunction: Hashable {
  var name: String
  var parameters: [SwiftParameter]
  /// `-> AnyPublisher<[String], Never>`, checked against what the body returns.
  var returnType: SwiftType?
  var body: [SwiftStatement]
  var range: SourceRange
}

/// One parameter: `_ query: String`, `for term: String`, `scheduler: S`.
struct SwiftParameter: Hashable {
  var label: String?
  var name: String
  var type: SwiftType?
}
