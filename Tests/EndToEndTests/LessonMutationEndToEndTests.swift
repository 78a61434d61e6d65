import Foundation
import Testing

/// `streamlab lesson verify` and `lesson mutants` as the built binary, on an
/// exercise whose input cannot tell `debounce 300ms` from `debounce 150ms`.
@Suite struct LessonMutationEndToEndTests {
  static let weak = """
    title: Waiting for silence

    exercise: Where did my last value go?
    given: let short = events 0ms:"s", 100ms:"sw", 200ms:"swi", 300ms:|
    task: Apply `debounce 300ms` to `short`.
    expect: 300ms:|
    require: debounce
    hint: The waiting value is dropped at completion.
    hint: `debounce` only sends a value after a whole interval of silence.
    solution: short | debounce 300ms
    answer:

    """

  static let strong = weak.replacingOccurrences(of: "200ms:\"swi\", 300ms:|", with: "500ms:\"swi\", 700ms:|")
    .replacingOccurrences(of: "expect: 300ms:|", with: "expect: 400ms:\"sw\", 700ms:|")

  private func withLesson(_ text: String, _ body: (URL, URL) throws -> Void) throws {
    let home = try StreamlabBinary.temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let url = home.appendingPathComponent("lesson04.txt")
    try text.write(to: url, atomically: true, encoding: .utf8)
    try body(home, url)
  }

  @Test func verifyFailsAnExerciseThatAcceptsANearMissAndNamesItWithAnInputThatTellsThemApart() throws {
    try withLesson(Self.weak) { home, url in
      let verify = try ProcessRun.streamlab(["lesson", "verify", url.path], home: home)
      #expect(verify.status == 1)
      #expect(verify.standardOutput.contains("FAIL  \(url.path): 1. Where did my last value go?: the wrong answer"))
      #expect(
        verify.standardOutput.contains("`short | debounce 150ms` (300ms → 150ms) passes; on the input `let short ="))
      let mutants = try ProcessRun.streamlab(["lesson", "mutants", url.path], home: home)
      #expect(mutants.status == 1)
      #expect(mutants.standardError.hasPrefix("6 mutants (4 killed on output, 2 survives)"))
    }
  }

  @Test func verifyPassesOnceTheInputTellsEveryNearMissApart() throws {
    try withLesson(Self.strong) { home, url in
      let verify = try ProcessRun.streamlab(["lesson", "verify", url.path], home: home)
      #expect(verify.status == 0, "\(verify.standardOutput)")
      let mutants = try ProcessRun.streamlab(["lesson", "mutants", url.path], home: home)
      #expect(mutants.status == 0)
      #expect(mutants.standardError.hasPrefix("6 mutants (6 killed on output)"))
    }
  }
}
