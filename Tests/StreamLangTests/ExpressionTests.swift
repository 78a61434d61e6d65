import OpenCombine
import StreamCore
import Testing

@testable import StreamLang

/// Expressions compiled by `ExpressionCompiler` and called the way the builder calls them.
@Suite struct ExpressionTests {
  /// The expression of `text` as written after an operator that passes `signature`'s arguments.
  static func expr(_ text: String, _ signature: ClosureSignature) -> Expr? {
    let program: String
    switch signature.arity {
    case 0: program = "just " + text
    case 1: program = "b | map " + text
    case 2: program = "b | scan 0, " + text
    default:
      program = "b | zip " + Array(repeating: "b", count: signature.arity - 1).joined(separator: ", ") + " " + text
    }
    let result = Parser.parse(program, boundNames: ["b"])
    guard result.isValid, case .subscription(let pipeline, _, _) = result.program.statements.first else { return nil }
    switch (pipeline.source.kind, pipeline.operators.first?.kind) {
    case (.just(let values), _): return values.first
    case (_, .map(let body)?), (_, .scan(_, let body)?), (_, .zip(_, let body?)?): return body
    default: return nil
    }
  }

  static func evaluate(_ text: String, _ arguments: [Value] = []) -> Result<Value, EvaluationError>? {
    let signature: ClosureSignature =
      switch arguments.count {
      case 0: .value
      case 1: .element
      case 2: .accumulator
      default: .elements(arguments.count)
      }
    guard let expr = expr(text, signature), let compiled = try? ExpressionCompiler().compile(expr, as: signature) else {
      return nil
    }
    do throws(EvaluationError) {
      switch arguments.count {
      case 0: return .success(try compiled.evaluate())
      case 1: return .success(try compiled(arguments[0]))
      case 2: return .success(try compiled(arguments[0], arguments[1]))
      default: return .success(try compiled(arguments))
      }
    } catch {
      return .failure(error)
    }
  }

  static let values: [(String, [Value], Value)] = [
    // literals
    ("1", [], .int(1)),
    ("2.5", [], .double(2.5)),
    ("\"text\"", [], .string("text")),
    ("\"a\\n\\\"b\\\"\"", [], .string("a\n\"b\"")),
    ("\"\\u{1F600}\"", [], .string("😀")),
    ("true", [], .bool(true)),
    ("nil", [], .null),
    ("[1, 2]", [], .array([.int(1), .int(2)])),
    ("(1, \"a\")", [], .tuple([.int(1), .string("a")])),
    ("300ms", [], .duration(.milliseconds(300))),
    ("-5", [], .int(-5)),
    // precedence and arithmetic
    ("1 + 2 * 3", [], .int(7)),
    ("(1 + 2) * 3", [], .int(9)),
    ("10 - 4 - 3", [], .int(3)),
    ("7 / 2", [], .int(3)),
    ("-7 / 2", [], .int(-3)),
    ("7 % 3", [], .int(1)),
    ("-7 % 3", [], .int(-1)),
    ("7.0 / 2", [], .double(3.5)),
    ("2 * 1.5", [], .double(3.0)),
    ("7.5 % 2", [], .double(1.5)),
    ("1.0 / 0", [], .double(.infinity)),
    ("\"a\" + \"b\"", [], .string("ab")),
    ("[1] + [2, 3]", [], .array([.int(1), .int(2), .int(3)])),
    // comparisons and logic
    ("1 == 1.0", [], .bool(true)),
    ("1 != 2", [], .bool(true)),
    ("\"a\" < \"b\"", [], .bool(true)),
    ("2 <= 2", [], .bool(true)),
    ("3 > 2.5", [], .bool(true)),
    ("2 >= 3", [], .bool(false)),
    ("[1, 2] == [1, 2]", [], .bool(true)),
    ("1 < 2 && 2 < 1", [], .bool(false)),
    ("1 < 2 || 2 < 1", [], .bool(true)),
    ("true || 1 / 0 == 0", [], .bool(true)),
    ("false && 1 / 0 == 0", [], .bool(false)),
    ("!true", [], .bool(false)),
    ("1 > 2 ? \"big\" : \"small\"", [], .string("small")),
    ("true ? 1 : false ? 2 : 3", [], .int(1)),
    ("nil ?? 3", [], .int(3)),
    ("4 ?? 3", [], .int(4)),
    ("Int(\"x\") ?? 0 + 1", [], .int(1)),
    // members and functions
    ("\"héllo\".count", [], .int(5)),
    ("[1, 2, 3].count", [], .int(3)),
    ("\"\".isEmpty", [], .bool(true)),
    ("[1].isEmpty", [], .bool(false)),
    ("\"abc\".uppercased()", [], .string("ABC")),
    ("\"ABC\".lowercased()", [], .string("abc")),
    ("\"ipad\".hasPrefix(\"ip\")", [], .bool(true)),
    ("\"ipad\".hasSuffix(\"ip\")", [], .bool(false)),
    ("\"iphone\".contains(\"hon\")", [], .bool(true)),
    ("[1, 2].contains(2.0)", [], .bool(true)),
    ("\"abc\".first", [], .string("a")),
    ("\"abc\".last", [], .string("c")),
    ("\"\".first", [], .null),
    ("[1, 2].first", [], .int(1)),
    ("[1, 2].last", [], .int(2)),
    ("[].last", [], .null),
    ("(1, \"a\").0", [], .int(1)),
    ("(1, (2, 3)).1.0", [], .int(2)),
    ("String(42)", [], .string("42")),
    ("String(\"a\")", [], .string("a")),
    ("String([1, 2])", [], .string("[1, 2]")),
    ("Int(\"42\")", [], .int(42)),
    ("Int(\"4x\")", [], .null),
    ("Int(2.7)", [], .int(2)),
    ("Int(-2.7)", [], .int(-2)),
    ("Double(3)", [], .double(3)),
    ("Double(\"2.5\")", [], .double(2.5)),
    ("abs(-3)", [], .int(3)),
    ("abs(-2.5)", [], .double(2.5)),
    ("min(3, 1, 2)", [], .int(1)),
    ("max(3, 1, 2)", [], .int(3)),
    ("max(\"a\", \"b\")", [], .string("b")),
    // times
    ("\"abc\".count * 100ms", [], .duration(.milliseconds(300))),
    ("100ms * 2", [], .duration(.milliseconds(200))),
    ("1.5 * 100ms", [], .duration(.milliseconds(150))),
    ("100ms + 1s", [], .duration(.milliseconds(1100))),
    ("1s - 250ms", [], .duration(.milliseconds(750))),
    ("1s / 4", [], .duration(.milliseconds(250))),
    ("1s / 250ms", [], .double(4)),
    ("100ms < 1s", [], .bool(true)),
    ("-(100ms)", [], .duration(.milliseconds(-100))),
    ("abs(-100ms)", [], .duration(.milliseconds(100))),
    // parameters
    ("x * 2", [.int(21)], .int(42)),
    ("$0 * 2", [.int(21)], .int(42)),
    ("{ v in v * 2 }", [.int(21)], .int(42)),
    ("{ $0 + 1 }", [.int(1)], .int(2)),
    ("2 * x", [.int(21)], .int(42)),
    ("x + \"!\"", [.string("ipad")], .string("ipad!")),
    ("x.0 + x.1", [.tuple([.int(1), .int(2)])], .int(3)),
    ("acc + x", [.int(10), .int(5)], .int(15)),
    ("x - acc", [.int(10), .int(5)], .int(-5)),
    ("$0 - $1", [.int(10), .int(5)], .int(5)),
    ("{ a, b in a * b }", [.int(10), .int(5)], .int(50)),
    ("{ a, b, c in a + b + c }", [.int(1), .int(2), .int(3)], .int(6)),
    ("{ $0 + $1 * $2 }", [.int(1), .int(2), .int(3)], .int(7)),
  ]

  @Test(arguments: values)
  func expressionEvaluates(text: String, arguments: [Value], expected: Value) {
    #expect(Self.evaluate(text, arguments) == .success(expected))
  }

  static let errors: [(String, [Value], EvaluationError.Kind, String)] = [
    ("x / 0", [.int(1)], .divisionByZero, "division by zero: 1 / 0"),
    ("x % 0", [.int(1)], .divisionByZero, "division by zero: 1 % 0"),
    ("1s / 0", [], .divisionByZero, "division by zero: 1000ms / 0"),
    ("x + 1", [.int(.max)], .overflow, "integer overflow: 9223372036854775807 + 1"),
    ("x - 1", [.int(.min)], .overflow, "integer overflow: -9223372036854775808 - 1"),
    ("x * 2", [.int(.max)], .overflow, "integer overflow: 9223372036854775807 * 2"),
    ("x / -1", [.int(.min)], .overflow, "integer overflow: -9223372036854775808 / -1"),
    ("-x", [.int(.min)], .overflow, "integer overflow: -(-9223372036854775808)"),
    ("abs(x)", [.int(.min)], .overflow, "integer overflow: abs(-9223372036854775808)"),
    ("Int(x)", [.double(1e300)], .overflow, "Int(1e+300) is out of range of Int"),
    ("x * 1000000s", [.int(10_000_000_000)], .overflow, "the time is too long for the virtual clock"),
    ("x * 2", [.string("a")], .typeMismatch, "cannot apply `*` to String \"a\" and Int 2"),
    (
      "x + 1", [.string("a")], .typeMismatch,
      "cannot apply `+` to String \"a\" and Int 1; convert with String(…)"
    ),
    ("x < \"a\"", [.int(1)], .typeMismatch, "cannot apply `<` to Int 1 and String \"a\""),
    ("!x", [.int(1)], .typeMismatch, "`!` needs a Bool, not Int 1"),
    ("-x", [.string("a")], .typeMismatch, "cannot negate String \"a\""),
    ("x && true", [.int(1)], .typeMismatch, "`&&` needs Bools on both sides"),
    ("x ? 1 : 2", [.int(1)], .typeMismatch, "the condition of `?:` must be a Bool, not Int 1"),
    ("x.count", [.int(1)], .typeMismatch, "`count` does not work on Int 1"),
    ("x.uppercased()", [.int(1)], .typeMismatch, "`uppercased()` does not work on Int 1"),
    ("x.0", [.int(1)], .typeMismatch, "`.0` reads a tuple, not Int 1"),
    ("x.2", [.tuple([.int(1), .int(2)])], .invalidArgument, "the tuple (1, 2) has no element 2"),
    ("fail(\"too long\")", [.int(1)], .userFailure, "too long"),
    ("x > 2 ? fail(\"big: \" + String(x)) : x", [.int(3)], .userFailure, "big: 3"),
  ]

  @Test(arguments: errors)
  func runtimeErrorIsTypedNeverATrap(text: String, arguments: [Value], kind: EvaluationError.Kind, message: String) {
    guard case .failure(let error)? = Self.evaluate(text, arguments) else {
      Issue.record("\(text) did not fail")
      return
    }
    #expect(error.kind == kind)
    #expect(error.message == message)
    #expect(error.range != nil)
    #expect(error.isUserFailure == (kind == .userFailure))
  }

  @Test func errorPointsAtTheFailingSubexpression() {
    let text = "b | map x + 1 / (x - x)"
    guard case .subscription(let pipeline, _, _)? = Parser.parse(text, boundNames: ["b"]).program.statements.first,
      case .map(let body)? = pipeline.operators.first?.kind,
      let compiled = try? ExpressionCompiler().compile(body, as: .element)
    else {
      Issue.record("did not compile")
      return
    }
    #expect(throws: EvaluationError.self) { try compiled(.int(3)) }
    do {
      _ = try compiled(.int(3))
    } catch {
      #expect(error.range?.text(in: text) == "1 / (x - x)")
      #expect(error.swiftWouldTrap)
    }
  }

  /// What the builder's `makeStream` saw: the pipeline and the captured values.
  final class StreamRecorder {
    var made: [(pipeline: Pipeline, captures: Captures)] = []

    func install(on compiler: ExpressionCompiler) {
      compiler.makeStream = { [unowned self] pipeline, captures in
        self.made.append((pipeline, captures))
        return StreamValue(description: "{…}") { Empty<Value, StreamError>().eraseToAnyPublisher() }
      }
    }
  }

  @Test func nestedPipelineSeesTheOuterElement() throws {
    let text = "q | map { x in { just x + \"!\" | delay x.count * 100ms } } | switchToLatest"
    let program = Parser.parse(text, boundNames: ["q"]).program
    guard case .subscription(let pipeline, _, _)? = program.statements.first,
      case .map(let body)? = pipeline.operators.first?.kind
    else {
      Issue.record("did not parse")
      return
    }
    let compiler = ExpressionCompiler(boundNames: ["q"])
    let recorder = StreamRecorder()
    recorder.install(on: compiler)
    #expect(compiler.check(program) == [])
    let transform = try compiler.compile(body, as: .element)
    let result = try transform(.string("ipad"))
    guard case .stream = result, let made = recorder.made.first else {
      Issue.record("no stream made")
      return
    }
    #expect(made.captures.value(of: "x") == .string("ipad"))
    // The builder compiles the nested pipeline against the captured layout and evaluates with the captures.
    guard case .just(let values) = made.pipeline.source.kind,
      case .delay(let time)? = made.pipeline.operators.first?.kind
    else {
      Issue.record("unexpected nested pipeline")
      return
    }
    let value = try compiler.compile(values[0], as: .value, captures: made.captures.layout)
    let delay = try compiler.compile(time, as: .value, captures: made.captures.layout)
    #expect(try value.evaluate(captures: made.captures) == .string("ipad!"))
    #expect(try delay.evaluate(captures: made.captures) == .duration(.milliseconds(400)))
  }

  @Test func nestedPipelineSeesDollarZeroAndX() throws {
    let text = "q | flatMap { just $0 | delay 300ms }"
    let program = Parser.parse(text, boundNames: ["q"]).program
    guard case .subscription(let pipeline, _, _)? = program.statements.first,
      case .flatMap(nil, let body)? = pipeline.operators.first?.kind
    else {
      Issue.record("did not parse")
      return
    }
    let compiler = ExpressionCompiler(boundNames: ["q"])
    let recorder = StreamRecorder()
    recorder.install(on: compiler)
    _ = try compiler.compile(body, as: .element)(.int(7))
    let captures = try #require(recorder.made.first?.captures)
    #expect(captures.value(of: "$0") == .int(7))
    #expect(captures.value(of: "x") == .int(7))
  }

  /// The closure of the first statement's first operator, when it is `flatMap`.
  static func flatMapBody(of program: Program) -> Expr? {
    guard case .subscription(let pipeline, _, _)? = program.statements.first,
      case .flatMap(_, let body)? = pipeline.operators.first?.kind
    else { return nil }
    return body
  }

  /// The expression of `pipeline`'s first operator, when it is `map`.
  static func mapExpression(of pipeline: Pipeline) -> Expr? {
    guard case .map(let expression)? = pipeline.operators.first?.kind else { return nil }
    return expression
  }

  @Test func innerClosureShadowsTheCapturedName() throws {
    let text = "q | flatMap { just x | map x * 10 }"
    let program = Parser.parse(text, boundNames: ["q"]).program
    let compiler = ExpressionCompiler(boundNames: ["q"])
    let recorder = StreamRecorder()
    recorder.install(on: compiler)
    let body = try #require(Self.flatMapBody(of: program))
    _ = try compiler.compile(body, as: .element)(.int(2))
    let made = try #require(recorder.made.first)
    let inner = try #require(Self.mapExpression(of: made.pipeline))
    let innerMap = try compiler.compile(inner, as: .element, captures: made.captures.layout)
    #expect(try innerMap(.int(5), captures: made.captures) == .int(50))
  }

  @Test func boundNameInAnExpressionIsThatStream() throws {
    let compiler = ExpressionCompiler(boundNames: ["clicks"])
    let recorder = StreamRecorder()
    recorder.install(on: compiler)
    let expr = try #require(Self.expr("{ x in clicks }", .element))
    _ = try compiler.compile(expr, as: .element)(.int(1))
    guard case .name(let name)? = recorder.made.first?.pipeline.source.kind else {
      Issue.record("no stream for the bound name")
      return
    }
    #expect(name.text == "clicks")
  }

  @Test(arguments: Examples.mustRun)
  func everyExpressionOfAMustRunExampleCompiles(text: String) {
    let program = Parser.parse(text).program
    #expect(ExpressionCompiler().check(program) == [])
  }

  @Test func closureWhereAValueIsExpectedIsADiagnostic() {
    let expr = Self.expr("{ x in x }", .value)
    #expect(expr != nil)
    if let expr {
      #expect(throws: Diagnostic.self) { try ExpressionCompiler().compile(expr, as: .value) }
    }
  }

  @Test func dollarInANamedClosureIsADiagnostic() throws {
    let expr = try #require(Self.expr("{ v in $0 }", .element))
    #expect(throws: Diagnostic.self) { try ExpressionCompiler().compile(expr, as: .element) }
  }
}
