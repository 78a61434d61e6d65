import StreamLang
import StreamLangExport
import Testing

/// Every operator of DSL.md, parsed from the language itself, exports with
/// Combine's own spelling.
@Suite struct OperatorSpellingTests {
  @Test(arguments: [
    ("just 1,2 | map x * 2", ".map { $0 * 2 }"),
    ("just 1,2 | tryMap x * 2", ".tryMap { $0 * 2 }"),
    ("just \"1\", \"a\" | compactMap Int(x)", ".compactMap { Int($0) }"),
    ("just 1,2 | scan 0, acc + x", ".scan(0) { $0 + $1 }"),
    ("just 1,2 | reduce 0, acc + x", ".reduce(0) { $0 + $1 }"),
    ("just 1,2 | flatMap { just x, x }", ".flatMap { [$0, $0].publisher }"),
    ("just 1,2 | flatMap max 1 { just x }", ".flatMap(maxPublishers: .max(1)) { Just($0) }"),
    ("just 1,2 | map { just x } | switchToLatest", ".map { Just($0) }\n      .switchToLatest()"),
    ("just 1,2 | collect", ".collect()"),
    ("just 1,2 | collect 3", ".collect(3)"),
    ("just 1,2 | collect 300ms", ".collect(.byTime(scheduler, .milliseconds(300)))"),
    ("just 1,2 | collect 300ms or 3", ".collect(.byTimeOrCount(scheduler, .milliseconds(300), 3))"),
    ("just 1,2 | filter x > 1", ".filter { $0 > 1 }"),
    ("just 1,2 | removeDuplicates", ".removeDuplicates()"),
    ("just 1,2 | first", ".first()"),
    ("just 1,2 | first where x > 1", ".first(where: { $0 > 1 })"),
    ("just 1,2 | last", ".last()"),
    ("just 1,2 | last where x > 1", ".last(where: { $0 > 1 })"),
    ("just 1,2 | prefix 3", ".prefix(3)"),
    ("just 1,2 | take 3", ".prefix(3)"),
    ("just 1,2 | prefix while x < 2", ".prefix(while: { $0 < 2 })"),
    ("just 1,2 | dropFirst 2", ".dropFirst(2)"),
    ("just 1,2 | drop while x < 2", ".drop(while: { $0 < 2 })"),
    ("just 1,2 | output at 1", ".output(at: 1)"),
    ("just 1,2 | ignoreOutput", ".ignoreOutput()"),
    ("just 1,2 | debounce 300ms", ".debounce(for: .milliseconds(300), scheduler: scheduler)"),
    ("just 1,2 | throttle 300ms", ".throttle(for: .milliseconds(300), scheduler: scheduler, latest: true)"),
    (
      "just 1,2 | throttle 300ms latest: false",
      ".throttle(for: .milliseconds(300), scheduler: scheduler, latest: false)"
    ),
    ("just 1,2 | delay 200ms", ".delay(for: .milliseconds(200), scheduler: scheduler)"),
    ("just 1,2 | timeout 500ms", ".timeout(.milliseconds(500), scheduler: scheduler)"),
    (
      "just 1,2 | timeout 500ms fail \"slow\"",
      ".timeout(.milliseconds(500), scheduler: scheduler, customError: { ProgramError(message: \"slow\") })"
    ),
    ("just 1,2 | measureInterval", ".measureInterval(using: scheduler)"),
    ("just 1,2 | merge { just 3 }, { just 4 }", ".merge(with: Just(3))\n      .merge(with: Just(4))"),
    ("just 1,2 | zip { just 3 }", ".zip(Just(3))"),
    ("just 1,2 | combineLatest { just 3 }", ".combineLatest(Just(3))"),
    ("just 1,2 | combineLatest { just 3 }, { just 4 }", ".combineLatest(Just(3), Just(4))"),
    ("just 1,2 | append 4,5", ".append(4, 5)"),
    ("just 1,2 | append { just 3 }", ".append(Just(3))"),
    ("just 1,2 | prepend 0", ".prepend(0)"),
    ("fail \"boom\" | catch { just 0 }", ".catch { _ in Just(0) }"),
    ("fail \"boom\" | replaceError 0", ".replaceError(with: 0)"),
    ("fail \"boom\" | retry 2", ".retry(2)"),
    ("fail \"boom\" | mapError \"other\"", ".mapError { _ in ProgramError(message: \"other\") }"),
    ("empty | replaceEmpty 0", ".replaceEmpty(with: 0)"),
    ("just 1,2 | share", ".share()"),
    ("just 1,2 | count", ".count()"),
    ("just 1,2 | min", ".min()"),
    ("just 1,2 | max", ".max()"),
    ("just 1,2 | contains 2", ".contains(2)"),
    ("just 1,2 | allSatisfy x > 0", ".allSatisfy { $0 > 0 }"),
    ("just 1,2 | receive on main", ".receive(on: scheduler)"),
    ("just 1,2 | receive on DispatchQueue.global()", ".receive(on: scheduler)"),
    ("just 1,2 | receive on ImmediateScheduler.shared", ".receive(on: ImmediateScheduler.shared)"),
    ("just 1,2 | subscribe on RunLoop.main", ".subscribe(on: scheduler)"),
    ("just 1,2 | print", ".print()"),
    ("just 1,2 | print \"tap\"", ".print(\"tap\")"),
    ("just 1,2 | handleEvents output: x * 2", ".handleEvents(receiveOutput: { print($0 * 2) })"),
    (
      "just 1,2 | handleEvents completion: \"end\", output: x, cancel: 0",
      ".handleEvents(receiveOutput: { print($0) }, receiveCompletion: { _ in print(\"end\") }, receiveCancel: { print(0) })"
    ),
    ("just 1,2 | setFailureType", ".setFailureType(to: Error.self)"),
    ("just 1,2 | assertNoFailure", ".assertNoFailure()"),
    ("just 1,2 | assertNoFailure \"check\"", ".assertNoFailure(\"check\")"),
    ("events 0ms:\"1\" | map Int(x) | replaceNil 0", ".replaceNil(with: 0 as Int)"),
  ])
  func operatorExportsWithCombinesSpelling(_ program: String, _ spelling: String) {
    let parsed = Parser.parse(program)
    #expect(parsed.isValid, "\(parsed.diagnostics.map(\.message))")
    let export = SwiftExporter.export(parsed.program)
    #expect(export.isExported, "\(export.limitation ?? "")")
    #expect(export.source.contains("\n      \(spelling)\n"), "\(export.source)")
  }

  @Test(arguments: [
    ("never", "Empty<Int, Never>(completeImmediately: false)"),
    ("empty", "Empty<Int, Never>()"),
    ("range 1..<5", "(1..<5).publisher"),
    ("just \"a\"", "Just(\"a\")"),
    ("deferred { future 200ms 42 }", "Deferred { Future<Int, Never> { promise in"),
  ])
  func sourceExportsWithCombinesSpelling(_ program: String, _ spelling: String) {
    let export = SwiftExporter.export(Parser.parse(program).program)
    #expect(export.isExported, "\(export.limitation ?? "")")
    #expect(export.source.contains(spelling), "\(export.source)")
  }
}
