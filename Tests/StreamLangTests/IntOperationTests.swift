import StreamCore
import Testing

@testable import StreamLang

/// The Int fast path of the expression compiler computes what
/// `ValueOperators` computes, and leaves every error to it.
@Suite struct IntOperationTests {
  static let symbols = ["+", "-", "*", "/", "%", "==", "!=", "<", ">", "<=", ">="]
  static let numbers = [0, 1, -1, 2, 3, -3, 7, -7, 1_000_000_007, Int.max, Int.max - 1, Int.min, Int.min + 1]

  @Test(arguments: symbols)
  func everyPairOfIntsGivesWhatValueOperatorsGivesOrLeavesTheErrorToIt(symbol: String) throws {
    let fast = try #require(IntOperation(symbol))
    let general = try #require(ValueOperators.binary(symbol))
    var disagreements: [String] = []
    for a in Self.numbers {
      for b in Self.numbers {
        let expected = try? general(.int(a), .int(b))
        let result = fast.apply(.int(a), .int(b))
        // nil from the fast path means "ask ValueOperators", which must then fail.
        if result != expected { disagreements.append("\(a) \(symbol) \(b): \(String(describing: result))") }
      }
    }
    #expect(disagreements.isEmpty)
  }

  @Test func operandsThatAreNotBothIntsAreLeftToValueOperators() throws {
    let add = try #require(IntOperation("+"))
    #expect(add.apply(.int(1), .double(2)) == nil)
    #expect(add.apply(.string("a"), .string("b")) == nil)
    #expect(add.apply(.duration(.milliseconds(1)), .int(2)) == nil)
    #expect(IntOperation("&&") == nil)
    #expect(IntOperation("??") == nil)
  }

  enum Expected {
    case value(Value)
    case error(String)
  }

  /// Each shape the compiler reads its operands from directly, with Ints
  /// and with what is not, through a compiled expression.
  @Test func compiledExpressionsTakeThePathAndStillReportErrors() throws {
    let cases: [(String, [Value], Expected)] = [
      ("x * 2", [.int(21)], .value(.int(42))),
      ("x * 2", [.int(.max)], .error("integer overflow: \(Int.max) * 2")),
      ("x * 2", [.double(1.5)], .value(.double(3))),
      ("x % 3 == 0", [.int(9)], .value(.bool(true))),
      ("x % 3 == 0", [.int(10)], .value(.bool(false))),
      ("x % 0", [.int(5)], .error("division by zero: 5 % 0")),
      ("acc + x", [.int(1), .int(2)], .value(.int(3))),
      ("x + acc", [.string("a"), .string("b")], .value(.string("ba"))),
      ("acc - x", [.int(.min), .int(1)], .error("integer overflow: \(Int.min) - 1")),
      ("(x + 1) * (x - 1)", [.int(5)], .value(.int(24))),
      ("x / 0", [.int(5)], .error("division by zero: 5 / 0")),
      ("x < 3", [.int(2)], .value(.bool(true))),
      ("x == 1.0", [.int(1)], .value(.bool(true))),
    ]
    for (text, arguments, expected) in cases {
      let result = try #require(ExpressionTests.evaluate(text, arguments), "\(text) compiles")
      switch (result, expected) {
      case (.success(let value), .value(let wanted)):
        #expect(value == wanted, "\(text) with \(arguments)")
      case (.failure(let error), .error(let wanted)):
        #expect(error.message == wanted, "\(text) with \(arguments)")
      default:
        Issue.record("\(text) with \(arguments) gave \(result), expected \(expected)")
      }
    }
  }
}
