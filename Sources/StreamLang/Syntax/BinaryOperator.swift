/// One infix operator of the expression language, with Swift's precedence.
///
/// Swift's order from loosest: `||`, `&&`, comparisons, `??`, `+ -`, `* / %`
/// (the ternary `?:` is looser still and parsed on its own).
struct BinaryOperator: Hashable {
  let symbol: String
  let precedence: Int
  let isRightAssociative: Bool

  static let additionPrecedence = 5

  init?(_ kind: TokenKind) {
    switch kind {
    case .or: self.init("||", 1)
    case .and: self.init("&&", 2)
    case .equal: self.init("==", 3)
    case .notEqual: self.init("!=", 3)
    case .less: self.init("<", 3)
    case .lessEqual: self.init("<=", 3)
    case .greater: self.init(">", 3)
    case .greaterEqual: self.init(">=", 3)
    case .nilCoalescing: self.init("??", 4, rightAssociative: true)
    case .plus: self.init("+", 5)
    case .minus: self.init("-", 5)
    case .star: self.init("*", 6)
    case .slash: self.init("/", 6)
    case .percent: self.init("%", 6)
    default: return nil
    }
  }

  private init(_ symbol: String, _ precedence: Int, rightAssociative: Bool = false) {
    self.symbol = symbol
    self.precedence = precedence
    self.isRightAssociative = rightAssociative
  }

  static func isBinary(_ kind: TokenKind) -> Bool { BinaryOperator(kind) != nil }
}
