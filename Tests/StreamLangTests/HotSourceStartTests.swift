import Testing

@testable import StreamLang

/// A bound `subject`, `current`, `published` or `future` exists from the
/// program's start, as `let subject = PassthroughSubject<Int, Never>()` and
/// `let future = Future { … }` do in Swift, even when it is used only inside
/// a closure: an inner subscription sees only what is sent after it, and a
/// future that already resolved gives its value at once. The same programs,
/// exported and compiled against OpenCombine, show the same events
/// (`SwiftExportTests`, `More16…`–`More18…`).
@Suite struct HotSourceStartTests {
  @Test(arguments: [
    (
      "let s = subject 150ms:7, 300ms:8, 400ms:|; timer 200ms | flatMap { s }", "300ms 8, 400ms |",
      "a subject used in flatMap: 7 was sent at 150ms, before the inner subscription at 200ms"
    ),
    (
      "let s = subject 150ms:7, 300ms:8, 400ms:|; timer 200ms | map { s } | switchToLatest", "300ms 8, 400ms |",
      "a subject made the latest inner stream by map + switchToLatest"
    ),
    (
      "let f = future 200ms 42; timer 300ms | flatMap { f }", "300ms 42, 300ms |",
      "a future resolved at 200ms gives its value to a subscriber at 300ms at once"
    ),
    (
      "let c = current 1, 150ms:7, 300ms:8; fail \"x\" | tryCatch { c } @..500ms", "0ms 1, 150ms 7, 300ms 8, 500ms !",
      "a current value subject in tryCatch holds its initial value, then sends as the program goes"
    ),
    (
      "let c = current 1, 150ms:7, 300ms:8; timer 200ms | flatMap { c } @..500ms", "200ms 7, 300ms 8, 500ms !",
      "a current value subject subscribed at 200ms replays the value it holds then, 7"
    ),
    (
      "let s = subject 150ms:7, 300ms:8, 400ms:|; let t = s | map x * 10; timer 200ms | flatMap { t }",
      "300ms 80, 400ms |", "a subject reached through another binding"
    ),
  ])
  func boundHotSourceUsedInAClosureExistsFromTheStart(_ program: String, _ expected: String, _ why: String) {
    #expect(outputs(of: program) == [expected], "\(why)")
  }

  @Test func aSubjectUsedBothInAClosureAndDirectlyIsOneSubject() {
    let program = "let s = subject 100ms:1, 300ms:2, 400ms:|; s; timer 200ms | flatMap { s }"
    #expect(outputs(of: program) == ["100ms 1, 300ms 2, 400ms |", "300ms 2, 400ms |"])
  }
}
