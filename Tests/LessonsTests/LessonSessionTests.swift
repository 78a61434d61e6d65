import Testing

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
