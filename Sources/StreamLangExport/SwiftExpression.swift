import StreamCore
import StreamLang

/// One DSL expression translated to Swift: its source, its inferred type, and
/// how tightly it binds, so that it is parenthesised only where Swift needs it.
struct SwiftExpression {
  var code: String
  var type: ExportType
  /// Swift's precedence of the outermost operator; `atom` for literals, names, calls.
  var precedence: Int = SwiftExpression.atom
  /// For a time literal (`300ms`): the `Stride` factory and its count, so that
  /// `x.count * 100ms` can become `.milliseconds(x.count * 100)`.
  var strideLiteral: (unit: String, count: Int)?
  /// True for an integer literal, which Swift also reads as a `Double`.
  var isIntegerLiteral = false

  static let atom = 1000
  static let prefix = 900
  static let multiplicative = 150
  static let additive = 140
  static let nilCoalescing = 131
  static let comparison = 130
  static let conjunction = 120
  static let disjunction = 110
  static let ternary = 100

  /// The code, in parentheses when it binds less tightly than `precedence`.
  func wrapped(below precedence: Int) -> String {
    self.precedence < precedence ? "(\(code))" : code
  }

  /// A scheduler stride literal such as `.milliseconds(300)`, choosing the
  /// largest unit that keeps the count whole.
  static func stride(_ interval: VirtualInterval) -> SwiftExpression {
    let nanoseconds = interval.nanoseconds
    let (unit, count): (String, Int)
    if nanoseconds == 0 {
      return SwiftExpression(code: ".zero", type: .duration)
    } else if nanoseconds % 1_000_000_000 == 0 {
      (unit, count) = ("seconds", nanoseconds / 1_000_000_000)
    } else if nanoseconds % 1_000_000 == 0 {
      (unit, count) = ("milliseconds", nanoseconds / 1_000_000)
    } else if nanoseconds % 1_000 == 0 {
      (unit, count) = ("microseconds", nanoseconds / 1_000)
    } else {
      (unit, count) = ("nanoseconds", nanoseconds)
    }
    return SwiftExpression(code: ".\(unit)(\(count))", type: .duration, strideLiteral: (unit, count))
  }

  /// A Swift string literal for `text`.
  static func stringLiteral(_ text: String) -> String {
    TextEscaping.swiftStringLiteral(text)
  }
}
