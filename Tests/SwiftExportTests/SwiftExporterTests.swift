import StreamCore
import StreamLang
import StreamLangExport
import Testing

/// What the exporter prints for hand-built programs: Combine's spelling of
/// each construct, the types it infers, and the programs it refuses.
@Suite struct SwiftExporterTests {
  @Test func mapWithImplicitElementUsesDollarZero() {
    let result = export(subscribe(pipeline(.just([int(1), int(2), int(3)]), .map(binary("*", name("x"), int(2))))))
    #expect(result.isExported)
    #expect(result.source.contains("[1, 2, 3].publisher\n      .map { $0 * 2 }\n      .sink(logging: 0, to: log)"))
  }

  @Test func scanUsesAccumulatorAndElementInOrder() {
    let result = export(
      subscribe(
        pipeline(
          .range(from: int(1), to: int(5), closed: true),
          .scan(initial: int(0), binary("+", name("acc"), name("x"))))))
    #expect(result.source.contains("(1...5).publisher\n      .scan(0) { $0 + $1 }"))
  }

  @Test func scanThatIgnoresTheAccumulatorNamesItsParameters() {
    // Swift infers a closure's arity from the highest `$n` it uses, so `{ $1 }` alone would not do.
    let result = export(subscribe(pipeline(.just([int(1)]), .scan(initial: int(0), name("acc")))))
    #expect(result.source.contains(".scan(0) { acc, _ in acc }"))
  }

  @Test func closureThatIgnoresItsElementSaysSo() {
    let inner = pipeline(.just([int(7)]))
    let result = export(subscribe(pipeline(.just([int(1)]), .flatMap(maxPublishers: int(1), stream(inner)))))
    #expect(result.source.contains(".flatMap(maxPublishers: .max(1)) { _ in Just(7) }"))
  }

  @Test(arguments: [
    (OperatorKind.prefix(int(3)), ".prefix(3)"),
    (.dropFirst(nil), ".dropFirst()"),
    (.debounce(ms(300)), ".debounce(for: .milliseconds(300), scheduler: scheduler)"),
    (.throttle(ms(250), latest: false), ".throttle(for: .milliseconds(250), scheduler: scheduler, latest: false)"),
    (.delay(expr(.time(.seconds(1)))), ".delay(for: .seconds(1), scheduler: scheduler)"),
    (.timeout(ms(500), failure: nil), ".timeout(.milliseconds(500), scheduler: scheduler)"),
    (.collect(.time(ms(300))), ".collect(.byTime(scheduler, .milliseconds(300)))"),
    (
      .collect(.timeOrCount(time: ms(300), count: int(3))), ".collect(.byTimeOrCount(scheduler, .milliseconds(300), 3))"
    ),
    (.retry(int(1)), ".retry(1)"),
    (.replaceError(int(0)), ".replaceError(with: 0)"),
    (.removeDuplicates, ".removeDuplicates()"),
    (.output(at: int(2)), ".output(at: 2)"),
    (.measureInterval, ".measureInterval(using: scheduler)"),
    (.share, ".share()"),
    (.count, ".count()"),
  ])
  func operatorUsesCombinesSpelling(_ kind: OperatorKind, _ spelling: String) {
    let result = export(subscribe(pipeline(.just([int(1), int(2)]), kind)))
    #expect(result.isExported, "\(result.limitation ?? "")")
    #expect(result.source.contains("\n      \(spelling)\n"))
  }

  @Test func timeoutWithMessageMakesTheStreamFailWithProgramError() {
    let result = export(subscribe(pipeline(.just([int(1)]), .timeout(ms(500), failure: string("slow")))))
    #expect(
      result.source.contains(
        ".setFailureType(to: ProgramError.self)\n      .timeout(.milliseconds(500), scheduler: scheduler, customError: { ProgramError(message: \"slow\") })"
      ))
  }

  @Test func intTimesDoubleConvertsTheIntAsTheDSLDoes() {
    let result = export(
      subscribe(pipeline(.just([int(1), int(2)]), .map(binary("*", call(name("Double"), name("x")), double(1.5))))))
    #expect(result.source.contains(".map { Double($0) * 1.5 }"), "\(result.limitation ?? "")")
  }

  @Test func timeTimesCountBecomesOneStride() {
    let delay = binary("*", member(name("x"), "count"), ms(100))
    let inner = pipeline(.just([binary("+", name("x"), string("!"))]), .delay(delay))
    let result = export(
      subscribe(pipeline(.just([string("ipad")]), .map(closure(["x"], stream(inner))), .switchToLatest)))
    #expect(result.isExported, "\(result.limitation ?? "")")
    #expect(
      result.source.contains(
        ".map { x in Just(x + \"!\").delay(for: .milliseconds(x.count * 100), scheduler: scheduler) }\n      .switchToLatest()"
      ))
  }

  @Test func failInTryMapThrowsThroughThePreamblesFail() {
    let body = expr(.ternary(binary(">", name("x"), int(2)), call(name("fail"), string("big")), name("x")))
    let result = export(subscribe(pipeline(.just([int(1), int(3)]), .tryMap(body))))
    #expect(result.source.contains(".tryMap { try $0 > 2 ? fail(\"big\") : $0 }"))
    #expect(result.source.contains("func fail<T>(_ message: String) throws -> T {"))
  }

  @Test func failInMapIsRefusedBecauseSwiftsMapCannotThrow() {
    let result = export(subscribe(pipeline(.just([int(1)]), .map(call(name("fail"), string("no"))))))
    #expect(!result.isExported)
    #expect(result.source.hasPrefix("// streamlab cannot export this program"))
  }

  @Test func mixedTypesAreRefusedRatherThanCoerced() {
    // Swift would make `[1, 2.5]` a [Double] and print 1.0 where streamlab prints 1.
    let result = export(subscribe(pipeline(.just([int(1), double(2.5)]))))
    #expect(!result.isExported)
  }

  @Test func optionalOutputIsRefusedBecauseSwiftPrintsOptionalWrapper() {
    let result = export(subscribe(pipeline(.just([string("1")]), .map(call(name("Int"), name("x"))))))
    #expect(!result.isExported)
    let unwrapped = export(subscribe(pipeline(.just([string("1")]), .compactMap(call(name("Int"), name("x"))))))
    #expect(unwrapped.source.contains(".compactMap { Int($0) }"))
  }

  @Test func failSourceTakesItsElementTypeFromReplaceError() {
    let result = export(subscribe(pipeline(.fail(message: string("boom")), .replaceError(string("none")))))
    #expect(result.source.contains("Fail<String, ProgramError>(error: ProgramError(message: \"boom\"))"))
  }

  @Test func mergeWithAFailingStreamIsRefusedAsSwiftWould() {
    // merge(with:) where P.Failure == Failure: Just cannot fail, Fail can.
    let failing = pipeline(.fail(message: string("boom")))
    let result = export(subscribe(pipeline(.just([int(1)]), .merge([failing]))))
    #expect(!result.isExported)
    #expect(
      result.limitation?.hasPrefix(
        "Swift would not compile it: instance method 'merge' requires the types 'Never' and 'Error' be equivalent")
        == true, "\(result.limitation ?? "")")
  }

  @Test func subjectSendsAreScheduledAfterEverySubscription() {
    let subject = pipeline(.subject([send(100, .value(int(1))), send(400, .finished)]))
    let result = export(bind("s", subject), subscribe(pipeline(bound("s"))), subscribe(pipeline(bound("s")), at: 200))
    let source = result.source
    #expect(source.contains("let s = PassthroughSubject<Int, Never>()"))
    let lastSubscription = source.range(of: "subscriptions.bySubscriber[1] = s.sink(logging: 1, to: log)")
    let firstSend = source.range(of: "{ s.send(1) }")
    #expect(lastSubscription != nil && firstSend != nil)
    if let lastSubscription, let firstSend { #expect(lastSubscription.upperBound < firstSend.lowerBound) }
    #expect(
      source.contains(
        "scheduler.schedule(after: start.advanced(by: .milliseconds(400))) { s.send(completion: .finished) }"))
  }

  @Test func cancellationIsScheduledAtItsTime() {
    let result = export(subscribe(pipeline(.interval(period: ms(100))), cancelAt: 350))
    #expect(
      result.source.contains(
        "scheduler.schedule(after: start.advanced(by: .milliseconds(350))) {\n    subscriptions.bySubscriber[0]?.cancel()\n  }"
      ))
  }

  @Test func earlierSessionBindingIsDeclaredWhenUsed() {
    let earlier = SwiftExporter.Binding(name: "clicks", pipeline: pipeline(.just([string("a")])), text: "just \"a\"")
    let program = Program(text: "clicks", statements: [subscribe(pipeline(bound("clicks")))])
    let result = SwiftExporter.export(program, earlierBindings: [earlier])
    #expect(result.source.contains("let clicks = Just(\"a\")"))
    let unknown = SwiftExporter.export(program)
    #expect(!unknown.isExported)
  }

  @Test func boundNameThatClashesWithTheExportsOwnNamesIsRenamed() {
    let result = export(bind("log", pipeline(.just([int(1)]))), subscribe(pipeline(bound("log"))))
    #expect(result.source.contains("let logStream = Just(1)"))
    #expect(result.source.contains("logStream.sink(logging: 0, to: log)"))
  }
}

@Suite struct SwiftExporterNotesTests {
  /// A division by zero traps in `tryMap` in both, so the export has no difference to note.
  @Test func divisionInTryMapNeedsNoNoteAsBothTrap() {
    let result = export(subscribe(pipeline(.just([int(1)]), .tryMap(binary("/", int(10), name("x"))))))
    #expect(result.isExported)
    #expect(!result.source.contains("// Note:"))
    let plain = export(subscribe(pipeline(.just([int(1)]), .map(binary("/", int(10), name("x"))))))
    #expect(!plain.source.contains("// Note:"))
  }
}

@Suite struct SwiftExporterMergeTests {
  @Test func mergingDifferentOutputTypesIsRefusedWithoutAnyCast() {
    // Swift's merge needs one Output type; the export never casts to `Any` to make it compile.
    let numbers = pipeline(.just([int(1)]))
    let result = export(subscribe(pipeline(.just([string("a")]), .merge([numbers]))))
    #expect(!result.isExported)
    #expect(result.limitation?.contains("`merge` needs publishers of one Output type") == true)
    #expect(!result.source.contains("as Any"))
  }

  @Test func mergedAnyValuesCannotBeComputedWith() {
    let numbers = pipeline(.just([int(1)]))
    let result = export(
      subscribe(pipeline(.just([string("a")]), .merge([numbers]), .map(binary("+", name("x"), int(1))))))
    #expect(!result.isExported)
  }
}

@Suite struct SwiftExporterMarblesTests {
  @Test func marbleStringBecomesAScriptOfItsTimedEvents() {
    let marbles = SourceKind.marbles(diagram: "-1-2-#", diagramRange: nowhere, frame: ms(50))
    let result = export(subscribe(pipeline(marbles)))
    #expect(
      result.source.contains(
        """
        Script<Int, ProgramError, S>(
              events: [
                (.milliseconds(50), .value(1)),
                (.milliseconds(150), .value(2)),
                (.milliseconds(250), .failure(ProgramError(message: "error"))),
              ],
        """))
  }

  @Test func marbleStringMixingLettersAndDigitsIsRefused() {
    let result = export(subscribe(pipeline(.marbles(diagram: "-a-1|", diagramRange: nowhere, frame: nil))))
    #expect(!result.isExported)
  }
}

@Suite struct SwiftExporterMapErrorTests {
  @Test func mapErrorRewritesTheMessage() {
    let result = export(
      subscribe(pipeline(.fail(message: string("boom")), .mapError(binary("+", string("wrapped: "), name("x"))))))
    #expect(result.source.contains(".mapError { ProgramError(message: \"wrapped: \" + $0.message) }"))
    let constant = export(subscribe(pipeline(.fail(message: string("boom")), .mapError(string("other")))))
    #expect(constant.source.contains(".mapError { _ in ProgramError(message: \"other\") }"))
  }
}

@Suite struct StudentSourceTests {
  @Test func studentSourceImportsCombineAndOnlyTheHelpersItUses() {
    let source = SwiftExporter.export(Parser.parse("just 1,2,3 | map x*2").program).source
    #expect(source.hasPrefix("// The Combine code for this streamlab program:\n//   just 1,2,3 | map x*2\n"))
    #expect(source.contains("import Combine\nimport Foundation"))
    #expect(!source.contains("OpenCombine"))
    #expect(
      source.contains("func program<S: Scheduler>(scheduler: S, log: @escaping (String) -> Void) -> Subscriptions {"))
    #expect(source.contains("struct ProgramError: Error"))
    #expect(!source.contains("struct Interval") && !source.contains("struct Script"))
    let timed = SwiftExporter.export(Parser.parse("interval 100ms | take 2").program).source
    #expect(timed.contains("struct Interval<S: Scheduler>: Publisher {"))
  }

  @Test func refusedProgramPrintsItsReasonAndTheProgramAsComments() {
    let source = SwiftExporter.export(Parser.parse("just 1, \"a\"").program).source
    #expect(
      source
        == """
        // streamlab cannot export this program as Combine code that behaves the same:
        // Swift would not compile it: heterogeneous collection literal could only be inferred to '[Any]': `just` sends Int and String (a Combine publisher has one Output type; send values of one type, or make two publishers and `merge` them after `map`ping one to the other's type (`map String(x)`))
        //
        // The program:
        //   just 1, "a"

        """)
  }
}

/// Hot sources start, in streamlab, when a subscription first uses them (directly or inside a closure).
@Suite struct HotSourceOrderTests {
  @Test func futuresFulfilledAtOneInstantInAnotherOrderAreRefused() {
    let export = SwiftExporter.export(
      Parser.parse("let f = future 100ms 1; let g = future 100ms 2; g | merge f").program)
    #expect(export.limitation?.contains("act at the same instant") == true)
  }

  /// A bound subject exists from the program's start in both, wherever it is used.
  @Test func subjectFirstUsedInsideAClosureIsExported() {
    let export = SwiftExporter.export(Parser.parse("let s = subject 100ms:1; just 1 | flatMap { s }").program)
    #expect(export.isExported, "\(export.limitation ?? "")")
    let startedFirst = SwiftExporter.export(
      Parser.parse("let s = subject 100ms:1; s; just 1 | flatMap { s }").program)
    #expect(startedFirst.isExported)
  }

  @Test func subjectSendsAreScheduledInOrderOfFirstUse() {
    let source = SwiftExporter.export(
      Parser.parse("let a = subject 100ms:1; let b = subject 100ms:2; b | merge a").program
    ).source
    let sendB = source.range(of: "{ b.send(2) }")
    let sendA = source.range(of: "{ a.send(1) }")
    #expect(sendA != nil && sendB != nil)
    if let sendA, let sendB { #expect(sendB.upperBound < sendA.lowerBound) }
  }
}
