import StreamLang
import Testing

@testable import Lessons

/// The mutation printer and `require:`/`forbid:`'s collector switch over
/// every operator with no `default:`: each prints every operator back as the
/// language reads it, and sees the pipelines every operator holds.
@Suite struct ExhaustiveOperatorWalkTests {
  static let stages = [
    "map x * 2", "tryCompactMap Int(x)", "scan 0, acc + x", "collect 300ms or 3",
    "removeDuplicates by { a, b in a == b }",
    "first where x > 2", "tryLast where x > 2", "prefix while x < 3", "drop while x < 3",
    "prefix untilOutputFrom { timer 1s }", "drop untilOutputFrom b", "output at 2", "throttle 300ms latest: false",
    "timeout 500ms fail \"slow\"", "zip b { a, b in a + b }", "append 4, 5", "tryCatch { just 0 }",
    "receive on DispatchQueue.main", "subscribe on main", "print \"tap\"",
    "handleEvents output: \"got \" + String(x), cancel: \"c\"", "eraseToAnyPublisher", "setFailureType",
    "assertNoFailure \"check\"", "replaceNil 0", "buffer 3 prefetch: keepFull whenFull: fail \"full\"", "autoconnect",
  ]

  private func stage(_ text: String) throws -> OperatorStage {
    let parsed = Parser.parse("let b = just 1; b | " + text)
    #expect(parsed.isValid, "\(text)")
    guard case .subscription(let pipeline, _, _)? = parsed.program.statements.last else {
      Issue.record("\(text) did not parse as a pipeline")
      throw CancellationError()
    }
    return try #require(pipeline.operators.last)
  }

  @Test(arguments: stages)
  func thePrinterSpellsEveryOperatorAsTheParserReadsIt(_ text: String) throws {
    let parsed = try stage(text)
    let printed = try #require(SyntaxPrinter(text: "let b = just 1; b | " + text).stage(parsed.kind))
    #expect(try stage(printed).kind.name == parsed.kind.name, "\(printed)")
    #expect(printed == text)
  }

  @Test(arguments: [
    ("just 1 | prefix untilOutputFrom { timer 1s | delay 1ms }", "delay"),
    ("just 1 | drop untilOutputFrom { timer 1s | map x }", "map"),
    ("fail \"x\" | tryCatch { just 0 | delay 1ms }", "delay"),
    ("just 1 | handleEvents output: { just x | count }", "count"),
  ])
  func requireSeesInsideTheNewerOperators(_ program: String, _ inner: String) throws {
    let parsed = Parser.parse(program)
    #expect(parsed.isValid)
    var collector = OperatorCollector { $0 }
    collector.collect(parsed.program)
    #expect(collector.uses.map(\.canonicalName).contains(inner), "\(collector.uses)")
  }
}
