import StreamLab
import StreamLang
import Testing

import struct Foundation.URL

@testable import Lessons

@Suite struct LessonSessionTests {
  private func session(progress: Progress = Progress(), text: String = LessonFixtures.debounce) throws
    -> LessonSession
  {
    LessonSession(
      lesson: try LessonFixtures.lesson(text), lessonKey: "/lessons/lesson04.txt", progress: progress,
      checker: LessonFixtures.checker, feedback: LessonFixtures.feedback, width: 72)
  }

  @Test func opensWithTitleProseDemoAndTheFirstExercise() throws {
    var session = try session()
    let output = session.start()
    #expect(output.text.hasPrefix("Lesson 4: Waiting for silence\n\nA search field should wait until the user pauses."))
    // The demo is run and drawn: debounce sends "iph" at 750ms.
    #expect(output.text.contains(#"» events 0ms:"i", 100ms:"ip", 450ms:"iph", 900ms:| | debounce 300ms"#))
    #expect(output.text.contains("Exercise 1 of 2: Only search when the user pauses"))
    #expect(output.text.contains("Emit a query only after 300ms without typing."))
    #expect(output.text.contains("Given and expected output, on one time axis:\n"))
    #expect(output.prompt == "1/2 » ")
    #expect(output.effects.isEmpty)
  }

  @Test func givenStreamsAndTheExpectedOutputAreRowsOfOneDiagram() throws {
    var session = try session()
    let screen = session.start().text
    // The fixture's drawer writes one line per row of one run: the given and
    // the expected output are drawn together, on one axis and one frame.
    #expect(
      screen.contains(
        """
        Given and expected output, on one time axis:
        > typing: 0ms:"i", 100ms:"ip", 200ms:"iph", 700ms:"ipho", 1200ms:|
        > expected: 500ms:"iph", 1000ms:"ipho", 1200ms:|
        """))
  }

  @Test func aWrongAnswerIsDrawnUnderTheGivenAndExpectedRows() throws {
    var session = try session()
    _ = session.start()
    let output = session.handle("typing | debounce 200ms")
    #expect(
      output.text.contains(
        """
        > typing: 0ms:"i", 100ms:"ip", 200ms:"iph", 700ms:"ipho", 1200ms:|
        expected: 500ms:"iph", 1000ms:"ipho", 1200ms:|
        > yours: 400ms:"iph", 900ms:"ipho", 1200ms:|
        """))
  }

  @Test func aPredictionExerciseHidesTheExpectedOutputUntilTheStudentAnswers() throws {
    let predicting = LessonFixtures.debounce.replacingOccurrences(
      of: "task: Emit a query only after 300ms without typing.\n",
      with:
        "task: Emit a query only after 300ms without typing. Before you run it, say what you expect.\npredict: yes\n")
    var session = try session(text: predicting)
    let screen = session.start().text
    #expect(screen.contains("Given:\n> typing: 0ms:\"i\""))
    #expect(screen.contains("Predict first: say what you expect to see"))
    #expect(!screen.contains("expected: 500ms"))
    #expect(!session.handle(":expected").text.contains("expected: 500ms"))
    // An answer that does not parse has not shown the student anything yet.
    #expect(!session.handle("typing |").text.contains("expected: 500ms"))
    let wrong = session.handle("typing | debounce 200ms")
    #expect(wrong.text.contains("expected: 500ms:\"iph\", 1000ms:\"ipho\", 1200ms:|"))
    #expect(session.handle(":expected").text.contains("> expected: 500ms:\"iph\""))
  }

  @Test func hintsComeOneAtATimeThenRunOut() throws {
    var session = try session()
    _ = session.start()
    // Wrapped to the session's 72 columns.
    #expect(
      session.handle(":hint").text == "Hint 1 of 2: Which operator waits for silence before it lets a value\nthrough?")
    #expect(session.handle(":hint").text == "Hint 2 of 2: debounce takes a time.")
    #expect(session.handle(":hint").text.hasPrefix("No more hints."))
  }

  @Test func aWrongAnswerGetsFeedbackAndNoEffects() throws {
    var session = try session()
    _ = session.start()
    let output = session.handle("typing | debounce 200ms")
    #expect(output.text.hasPrefix(#"✗ expected "iph" at 500ms, got "iph" at 400ms"#))
    #expect(output.effects.isEmpty)
    #expect(output.prompt == "1/2 » ")
  }

  @Test func aPassingAnswerIsWrittenIntoTheFileAndSaved() throws {
    var session = try session()
    _ = session.start()
    #expect(session.handle(":solution").text == "The solution opens once you pass this exercise.")
    let output = session.handle("typing | debounce 300ms")
    #expect(output.text.hasPrefix("✓ Passed!"))
    #expect(output.text.contains("Exercise 2 of 2: Shout the clicks"))
    #expect(output.prompt == "2/2 » ")
    let rewritten = LessonFixtures.debounce.replacingOccurrences(
      of: "answer:\n\nexercise", with: "answer: typing | debounce 300ms\n\nexercise")
    var progress = Progress()
    progress.recordPass(
      lesson: "/lessons/lesson04.txt", lessonTitle: "Waiting for silence", exercise: "Only search when the user pauses",
      answer: "typing | debounce 300ms")
    #expect(
      output.effects == [
        .writeAnswer(exercise: 1, answer: "typing | debounce 300ms", text: rewritten), .saveProgress(progress),
      ])
    // Right after a pass, :solution shows the exercise just passed.
    #expect(session.handle(":solution").text == "Solution: typing | debounce 300ms")
  }

  @Test func solutionAfterAPassShowsTheExercisePassedEvenWhenTheNextOneWasPassedBefore() throws {
    var progress = Progress()
    progress.recordPass(
      lesson: "/lessons/lesson04.txt", lessonTitle: "Waiting for silence", exercise: "Shout the clicks",
      answer: "clicks | map x.uppercased()")
    var session = try session(progress: progress)
    #expect(session.start().prompt == "1/2 » ")
    let pass = session.handle("typing | debounce 300ms")
    #expect(pass.text.hasPrefix("✓ Passed! (type :solution now for the teacher's solution)"))
    #expect(pass.text.contains("Exercise 2 of 2: Shout the clicks (passed)"))
    #expect(session.handle(":solution").text == "Solution: typing | debounce 300ms")
  }

  @Test func passingTheLastExerciseShowsItsSolutionSinceNoPromptIsLeft() throws {
    var session = try session()
    _ = session.start()
    _ = session.handle("typing | debounce 300ms")
    let last = session.handle("clicks | map x.uppercased()")
    #expect(last.isFinished)
    #expect(last.text.hasPrefix("✓ Passed! The teacher's solution: clicks | map x.uppercased()"))
    #expect(!last.text.contains(":solution"))
  }

  /// A session drawing real diagrams, whose runs stop after `maxEvents` events or at Ctrl-C.
  private func drawingSession(
    maxEvents: Int = 1_000_000, width: Int = 72, isInterrupted: @escaping () -> Bool = { false }
  ) throws -> LessonSession {
    var options = RunOptions()
    options.maxEvents = maxEvents
    options.isInterrupted = isInterrupted
    let runner = InterpreterRunner(options: options, swiftAnswers: SwiftImportAnswers())
    return LessonSession(
      lesson: try LessonFixtures.lesson("title: T\nexercise: Three ticks\nexpect: 0ms:1, 0ms:2, 0ms:3, 0ms:|\n"),
      lessonKey: "/lessons/t.txt", progress: Progress(), checker: ExerciseChecker(runner: runner),
      feedback: CheckFeedback(width: width, color: false), width: width)
  }

  @Test func aLongAnswerThatDoesNotParseKeepsItsCaretUnderTheMistakeAtTheTerminalsWidth() throws {
    var session = try drawingSession(width: 40)
    _ = session.start()
    let answer = "just 1, 2, 3 | map x * 2 | filter x > 0 | removeDuplicates | debounse 300ms"
    let lines = session.handle(answer).text.split(separator: "\n").map(String.init)
    let marker = try #require(lines.firstIndex { $0.contains("^") }, "\(lines)")
    let excerpt = Array(lines[marker - 1])
    let caret = try #require(Array(lines[marker]).firstIndex(of: "^"))
    #expect(excerpt.count <= 40, "\(lines)")
    #expect(String(excerpt[caret...]).hasPrefix("debounse"), "\(lines)")
  }

  @Test func anAnswerStoppedByTheEventBudgetIsSaidToBeNotAHorizon() throws {
    var session = try drawingSession(maxEvents: 50)
    _ = session.start()
    let output = session.handle("interval 1ms")
    #expect(output.text.contains("stopped after 50 events (the event budget)"), "\(output.text)")
    #expect(!output.text.contains("horizon"), "\(output.text)")
  }

  @Test func anAnswerStoppedByCtrlCGivesThatOneReason() throws {
    // The run cannot end on its own before the 10s horizon; Ctrl-C is pressed at its 200th look.
    let looks = Counter()
    var session = try drawingSession(isInterrupted: { looks.next() > 200 })
    _ = session.start()
    let output = session.handle("interval 1ms")
    #expect(output.text.contains("stopped by Ctrl-C at "), "\(output.text)")
    #expect(!output.text.contains("horizon"), "\(output.text)")
    #expect(!output.text.contains("event budget"), "\(output.text)")
  }

  @Test func secondPassWritesIntoTheAlreadyRewrittenFile() throws {
    var session = try session()
    _ = session.start()
    _ = session.handle("typing | debounce 300ms")
    let output = session.handle("clicks | map x.uppercased()")
    #expect(output.isFinished)
    #expect(output.text.hasSuffix("Lesson complete: all 2 exercises passed."))
    let expected = LessonFixtures.debounce
      .replacingOccurrences(of: "answer:\n\nexercise", with: "answer: typing | debounce 300ms\n\nexercise")
      .replacingOccurrences(
        of: "map x.uppercased()\nanswer:\n", with: "map x.uppercased()\nanswer: clicks | map x.uppercased()\n")
    guard case .writeAnswer(2, _, let text) = output.effects.first else {
      Issue.record("expected a write, got \(output.effects)")
      return
    }
    #expect(text == expected)
  }

  @Test func skipBackAndQuit() throws {
    var session = try session()
    _ = session.start()
    let skipped = session.handle(":skip")
    #expect(skipped.text.hasPrefix("Skipped.\n\nExercise 2 of 2"))
    #expect(session.handle(":back").text.hasPrefix("Exercise 1 of 2"))
    #expect(session.handle(":back").text == "This is the first exercise.")
    #expect(session.handle(":expected").text.contains("> expected: 500ms:\"iph\""))
    #expect(session.handle(":nope").text.hasPrefix("unknown command :nope"))
    let quit = session.handle(":quit")
    #expect(quit.isFinished)
    #expect(quit.text == "0 of 2 exercises passed. Progress saved.")
  }

  @Test func quitSaysProgressWasNotSavedWhereAndHowToChooseAnotherFolder() throws {
    var session = try session()
    _ = session.start()
    #expect(session.handle("typing | debounce 300ms").effects.count == 2)
    session.progressSaved(
      failure: ProgressStore.SaveError(
        url: URL(fileURLWithPath: "/state/streamlab/progress.json"), reason: "You don’t have permission."))
    let quit = session.handle(":quit")
    // Wrapped at words to the session's 72 columns.
    #expect(quit.text.split(separator: "\n").allSatisfy { $0.count <= 72 }, "\(quit.text)")
    let text = quit.text.replacing("\n", with: " ")
    #expect(!text.contains("Progress saved."))
    #expect(text.hasPrefix("1 of 2 exercises passed. Progress could not be saved to /state/streamlab/progress.json:"))
    #expect(text.contains("You don’t have permission."))
    #expect(text.contains("Set XDG_STATE_HOME to a folder you can write to"))
  }

  @Test func resumesAtTheFirstExerciseNotPassed() throws {
    var progress = Progress()
    progress.recordPass(
      lesson: "/lessons/lesson04.txt", lessonTitle: "Waiting for silence", exercise: "Only search when the user pauses",
      answer: "typing | debounce 300ms")
    var session = try session(progress: progress)
    let output = session.start()
    #expect(output.text.contains("Welcome back: 1 of 2 exercises passed. Exercise 2 next;"))
    #expect(output.prompt == "2/2 » ")
  }

  @Test func resumingShowsOneLineOfContextAndProseShowsTheLessonsTextAgain() throws {
    var progress = Progress()
    progress.recordPass(
      lesson: "/lessons/lesson04.txt", lessonTitle: "Waiting for silence", exercise: "Only search when the user pauses",
      answer: "typing | debounce 300ms")
    var session = try session(progress: progress)
    let output = session.start()
    #expect(
      output.text.hasPrefix(
        """
        Lesson 4: Waiting for silence

        Welcome back: 1 of 2 exercises passed. Exercise 2 next; :prose shows the
        lesson's text again.

        Exercise 2 of 2: Shout the clicks
        """))
    #expect(!output.text.contains("A search field should wait"))
    #expect(!output.text.contains("» events"))
    let prose = session.handle(":prose")
    #expect(
      prose.text.hasPrefix(
        """
        Lesson 4: Waiting for silence

        A search field should wait until the user pauses.

        » events 0ms:"i", 100ms:"ip", 450ms:"iph", 900ms:| | debounce 300ms
        """))
    #expect(prose.prompt == "2/2 » ")
  }

  @Test func resumingAFinishedLessonSaysSoWithoutItsProse() throws {
    let answered = LessonFixtures.debounce
      .replacingOccurrences(of: "answer:\n\nexercise", with: "answer: typing | debounce 300ms\n\nexercise")
      .replacingOccurrences(
        of: "map x.uppercased()\nanswer:\n", with: "map x.uppercased()\nanswer: clicks | map x.uppercased()\n")
    var session = try session(text: answered)
    let output = session.start()
    #expect(output.text == "Lesson 4: Waiting for silence\n\nLesson complete: all 2 exercises passed.")
    #expect(output.isFinished)
  }

  @Test func aPassingAnswerAlreadyInTheFileCountsEvenWithoutProgress() throws {
    let answered = LessonFixtures.debounce.replacingOccurrences(
      of: "answer:\n\nexercise", with: "answer: typing | debounce 300ms\n\nexercise")
    var session = try session(text: answered)
    #expect(session.start().prompt == "2/2 » ")
  }

  @Test func proseIsWrappedToTheWidth() {
    let lines = TextWrapper.wrap(
      [
        "Combine's debounce waits until the upstream has been quiet for the",
        "given time, then sends the latest value.",
      ],
      width: 30)
    #expect(
      lines == [
        "Combine's debounce waits until", "the upstream has been quiet", "for the given time, then sends",
        "the latest value.",
      ])
    #expect(TextWrapper.wrap(["    code stays", "    as written"], width: 5) == ["    code stays", "    as written"])
  }
}

/// Counts the times it is asked.
private final class Counter: @unchecked Sendable {
  private var count = 0
  func next() -> Int {
    count += 1
    return count
  }
}
