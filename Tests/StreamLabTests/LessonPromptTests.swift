import Foundation
import Lessons
import Testing

@testable import StreamLab

/// The prompt of `streamlab run`: the lesson's own commands, and the
/// playground's commands through the REPL's own handling.
@Suite struct LessonPromptTests {
  static let lesson = """
    lesson: 4
    title: Waiting for silence

    Type `:swift` after an answer to see it as Combine code.

    exercise: Only search when the user pauses
    given: let typing = events 0ms:"i", 100ms:"ip", 200ms:"iph", 700ms:"ipho", 1200ms:|
    task: Emit a query only after 300ms without typing.
    expect: 500ms:"iph", 1000ms:"ipho", 1200ms:|
    hint: Which operator waits for silence before it lets a value through?
    solution: typing | debounce 300ms
    answer:

    """

  private func prompt() throws -> LessonPrompt {
    let file = try LessonLoader(runner: InterpreterRunner(swiftAnswers: SwiftImportAnswers())).load(
      Self.lesson, fileName: "lesson04.txt"
    ).get()
    let checker = ExerciseChecker(runner: InterpreterRunner(swiftAnswers: SwiftImportAnswers()))
    let session = LessonSession(
      lesson: file, lessonKey: "/lessons/lesson04.txt", progress: Progress(), checker: checker,
      feedback: CheckFeedback(width: 72, color: false), width: 72)
    var settings = ReplSettings()
    settings.width = 72
    return LessonPrompt(session: session, settings: settings)
  }

  @Test func swiftShowsTheLastAnswerAsCombineCodeWithItsGivens() throws {
    var prompt = try prompt()
    _ = prompt.start()
    let wrong = prompt.handle("typing | debounce 200ms")
    #expect(wrong.text.hasPrefix("✗ expected"))
    let swift = prompt.handle(":swift")
    #expect(swift.text.contains("import Combine"))
    #expect(swift.text.contains(".debounce(for: .milliseconds(200), scheduler: scheduler)"))
    #expect(swift.text.contains("let typing"))
    #expect(swift.prompt == "1/1 » ")
  }

  @Test func traceAndEventsShowTheLastAnswersRun() throws {
    var prompt = try prompt()
    _ = prompt.start()
    #expect(prompt.handle(":trace").text.hasPrefix("nothing has run yet"))
    _ = prompt.handle("typing | debounce 200ms")
    let events = prompt.handle(":events").text
    // debounce 200ms sends "iph" 200ms after it arrived at 200ms.
    #expect(events.contains("400ms"), "\(events)")
    #expect(events.contains(#""iph""#))
    #expect(prompt.handle(":trace").text.contains("debounce 200ms"))
  }

  @Test func helpOnAnOperatorIsThePlaygroundsPage() throws {
    var prompt = try prompt()
    _ = prompt.start()
    var playground = ReplSession(
      settings: {
        var settings = ReplSettings()
        settings.width = 72
        return settings
      }())
    let page = prompt.handle(":help debounce")
    #expect(page.text.hasPrefix("debounce — "))
    #expect(page.text == playground.submit(":help debounce").text)
    #expect(page.prompt == "1/1 » ")
    #expect(prompt.handle(":help hint").text == ":hint — the next hint")
  }

  @Test func helpListsTheLessonsCommandsAndThePlaygroundsThatWorkHere() throws {
    var prompt = try prompt()
    _ = prompt.start()
    let help = prompt.handle(":help").text
    for name in [":hint", ":expected", ":prose", ":skip", ":back", ":solution", ":quit", ":swift", ":trace", ":events"]
    {
      #expect(help.contains(name), "\(name)")
    }
    #expect(!help.contains(":load"))
    #expect(!help.contains(":horizon"))
  }

  @Test func playgroundOnlyCommandsAndTyposAreRefusedWithAReason() throws {
    var prompt = try prompt()
    _ = prompt.start()
    #expect(
      prompt.handle(":load streams.txt").text
        == "`:load` works in the playground (`streamlab`), not at a lesson's prompt; `:help` lists what works here")
    #expect(prompt.handle(":svg").text.hasPrefix("`:svg` works in the playground"))
    #expect(prompt.handle(":hnit").text == "unknown command `:hnit`; did you mean `:hint`? (`:help` lists them all)")
    #expect(prompt.handle(":hint").text.hasPrefix("Hint 1 of 1"))
    let quit = prompt.handle(":exit")
    #expect(quit.isFinished)
    #expect(quit.text == "0 of 1 exercises passed. Progress saved.")
  }

  @Test func theAcceptedCommandsAreTheLessonsAndThePlaygroundsAvailableOnes() {
    #expect(
      LessonPrompt.commandNames == [
        ":hint", ":expected", ":prose", ":skip", ":back", ":solution", ":quit", ":help", ":trace", ":swift", ":test",
        ":json", ":events", ":type", ":at", ":why",
      ])
  }

  @Test func verifyFailsALessonWhoseProseNamesACommandThePromptRefuses() throws {
    let tools = LessonTools.standard(width: 80, promptCommands: LessonPrompt.commandNames)
    // `verify` also wants two hints per exercise (HintCountVerifyTests); this test is about the prose.
    let hinted = Self.lesson.replacingOccurrences(
      of: "hint: Which operator waits for silence before it lets a value through?\n",
      with: "hint: Which operator waits for silence before it lets a value through?\nhint: It takes a time.\n")
    try #require(hinted != Self.lesson)
    let good = tools.verify([(fileName: "lesson04.txt", text: hinted)])
    #expect(good.exitCode == 0, "\(good.standardOutput)")
    let refused = hinted.replacingOccurrences(
      of: "Type `:swift` after an answer", with: "Type `:swift` or `:svg out.svg` after an answer")
    let bad = tools.verify([(fileName: "lesson04.txt", text: refused)])
    #expect(bad.exitCode == 1)
    #expect(
      bad.standardOutput.contains(
        "FAIL  lesson04.txt: 2. prose: `:svg`: line 4: the prose tells students to type `:svg`, which the lesson prompt does not accept"
      ))
  }
}

extension LessonPromptTests {
  @Test func tabCompletesThePromptsCommandsAndAnswersLikeThePlayground() {
    #expect(LessonPrompt.completions(before: ":h").candidates == [":help", ":hint"])
    #expect(LessonPrompt.completions(before: ":l").candidates == [])
    #expect(LessonPrompt.completions(before: "typing | deb").candidates == ["debounce"])
  }
}

extension LessonPromptTests {
  /// The curriculum, next to this test file's package.
  static let curriculum: [URL] = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../lessons")
      .standardizedFileURL
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasPrefix("lesson") && $0.hasSuffix(".txt") }.sorted()
      .map { folder.appendingPathComponent($0) }
  }()

  @Test func everyCommandTheCurriculumTellsStudentsToTypeIsAccepted() throws {
    try #require(Self.curriculum.count == 15)
    var named: Set<String> = []
    for url in Self.curriculum {
      let text = try String(contentsOf: url, encoding: .utf8)
      let file = LessonParser(mode: .lesson).parse(text, fileName: url.lastPathComponent).file
      let refused = file.proseCommands.filter { !LessonPrompt.commandNames.contains($0) }
      #expect(refused.isEmpty, "\(url.lastPathComponent) names \(refused)")
      named.formUnion(file.proseCommands)
    }
    // Lesson 4 and its neighbours tell students to type `:swift`; lesson 7 `:type`; lesson 11 `:trace`; lesson 15 `:test`.
    #expect(named == [":swift", ":trace", ":type", ":test"])
  }
}
