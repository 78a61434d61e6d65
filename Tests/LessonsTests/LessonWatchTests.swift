import StreamLab
import Testing

import struct Foundation.Data
import class Foundation.FileManager
import struct Foundation.URL

@testable import Lessons

/// `streamlab watch`'s screens as a pure function of what was read: the
/// exercise on screen, the feedback on its answer, the note after a pass.
@Suite struct LessonWatchTests {
  private func watch(progress: Progress = Progress(), readsKeys: Bool = true) -> LessonWatch {
    LessonWatch(
      fileName: "lessons/lesson04.txt", lessonKey: "/work/lessons/lesson04.txt", progress: progress,
      checker: LessonFixtures.checker, feedback: LessonFixtures.feedback, width: 72, readsKeys: readsKeys)
  }

  /// The fixture lesson with `first` and `second` on its two `answer:` lines.
  private func answered(_ first: String, _ second: String = "") -> String {
    let parts = LessonFixtures.debounce.components(separatedBy: "answer:\n")
    try! #require(parts.count == 3)
    return parts[0] + "answer: \(first)\n" + parts[1] + "answer: \(second)\n" + parts[2]
  }

  private func result(passing: Bool) -> CheckResult {
    CheckResult(exercise: 1, answer: "", problems: passing ? [] : [.noAnswer])
  }

  @Test func theCurrentExerciseIsTheFirstThatDoesNotPass() {
    #expect(LessonWatch.currentIndex([result(passing: true), result(passing: false), result(passing: false)]) == 1)
    #expect(LessonWatch.currentIndex([result(passing: false), result(passing: true)]) == 0)
    #expect(LessonWatch.currentIndex([result(passing: true), result(passing: true)]) == nil)
    #expect(LessonWatch.currentIndex([]) == nil)
  }

  @Test func anEmptyAnswerShowsTheTaskTheExpectedOutputAndWhereToAnswer() {
    var watch = watch()
    #expect(watch.read(LessonFixtures.debounce) == nil)
    #expect(
      watch.screen.hasPrefix(
        """
        Lesson 4: Waiting for silence
        0 of 2 exercises passed

        Exercise 1 of 2: Only search when the user pauses

        Emit a query only after 300ms without typing.

        Given and expected output, on one time axis:
        > typing: 0ms:"i", 100ms:"ip", 200ms:"iph", 700ms:"ipho", 1200ms:|
        > expected: 500ms:"iph", 1000ms:"ipho", 1200ms:|

        No answer yet.

        Write your answer on the `answer:` line of exercise 1 (line 17 of
        lessons/lesson04.txt) and save.
        """))
    #expect(
      watch.screen.hasSuffix(
        "Watching lessons/lesson04.txt: each save checks it again.\nh shows a hint · r checks again · q or Ctrl-C quits"
      ))
  }

  @Test func aWrongAnswerShowsWhyUnderTheGivenExpectedAndYourRows() {
    var watch = watch()
    _ = watch.read(answered("typing | debounce 200ms"))
    let screen = watch.screen
    #expect(screen.contains("0 of 2 exercises passed"))
    #expect(
      screen.contains(
        """
        ✗ expected "iph" at 500ms, got "iph" at 400ms
          your `debounce 200ms` let "iph" through at 400ms because 200ms of quiet followed it (it came at 200ms)
        > typing: 0ms:"i", 100ms:"ip", 200ms:"iph", 700ms:"ipho", 1200ms:|
        expected: 500ms:"iph", 1000ms:"ipho", 1200ms:|
        > yours: 400ms:"iph", 900ms:"ipho", 1200ms:|
        """))
    // The rows are drawn once, with the answer's: not again as the expected screen.
    #expect(!screen.contains("Given and expected output"))
    #expect(screen.contains("Edit your answer on the `answer:` line of exercise 1 (line 17 of"))
  }

  @Test func anAnswerThatDoesNotParseShowsTheCaretUnderTheExpectedOutput() {
    var watch = watch()
    _ = watch.read(answered("typing | debounce"))
    let screen = watch.screen
    #expect(screen.contains("Given and expected output, on one time axis:"))
    #expect(screen.contains("✗ the answer does not parse:\nanswer:1:"))
    #expect(screen.contains("typing | debounce\n"))
    #expect(screen.contains("^"))
  }

  @Test func aParseErrorInOneAnswerOnlyFailsThatExercise() {
    var watch = watch()
    _ = watch.read(answered("typing | debounce 300ms", "clicks | map x.uppercased( |"))
    let screen = watch.screen
    #expect(screen.contains("1 of 2 exercises passed"))
    #expect(screen.contains("Exercise 2 of 2: Shout the clicks"))
    #expect(screen.contains("✗ the answer does not parse"))
  }

  @Test func aPassSaysSoAndMovesOnWithTheTeachersSolution() {
    var watch = watch()
    _ = watch.read(answered("typing | debounce 200ms"))
    let progress = watch.read(answered("typing | debounce 300ms"))
    let screen = watch.screen
    #expect(screen.contains("1 of 2 exercises passed"))
    #expect(
      screen.contains(
        "✓ Exercise 1 passed: Only search when the user pauses. The teacher's solution: typing | debounce 300ms"))
    #expect(screen.contains("Exercise 2 of 2: Shout the clicks"))
    #expect(
      progress?.hasPassed(lesson: "/work/lessons/lesson04.txt", exercise: "Only search when the user pauses") == true)
    // A save that changes nothing records nothing new and keeps no stale note.
    #expect(watch.read(answered("typing | debounce 300ms")) == nil)
    #expect(!watch.screen.contains("✓ Exercise 1 passed"))
  }

  @Test func anAnswerPassingAtTheFirstReadIsNotAnnouncedAsJustPassed() {
    var watch = watch()
    _ = watch.read(answered("typing | debounce 300ms"))
    #expect(watch.screen.contains("Exercise 2 of 2: Shout the clicks"))
    #expect(!watch.screen.contains("✓"))
  }

  @Test func everyExercisePassingCompletesTheLesson() {
    var watch = watch()
    _ = watch.read(answered("typing | debounce 300ms"))
    _ = watch.read(answered("typing | debounce 300ms", "clicks | map x.uppercased()"))
    let screen = watch.screen
    #expect(screen.contains("2 of 2 exercises passed"))
    #expect(screen.contains("✓ Exercise 2 passed: Shout the clicks."))
    #expect(screen.contains("Lesson complete: all 2 exercises passed."))
    #expect(!screen.contains("h shows a hint"))
  }

  @Test func hintsComeOneAtATimeThenRunOut() {
    var watch = watch()
    _ = watch.read(LessonFixtures.debounce)
    watch.askForHint()
    #expect(watch.screen.contains("Hint 1 of 2: Which operator waits for silence"))
    #expect(!watch.screen.contains("Hint 2 of 2"))
    watch.askForHint()
    watch.askForHint()
    watch.askForHint()
    #expect(watch.screen.contains("Hint 2 of 2: debounce takes a time.\n\nNo more hints."))
  }

  @Test func aLessonWithErrorsShowsThemWithTheirCaretAndKeepsWatching() {
    var watch = watch()
    _ = watch.read(LessonFixtures.debounce.replacingOccurrences(of: "solution: typing", with: "soltuion: typing"))
    let screen = watch.screen
    #expect(screen.hasPrefix("lessons/lesson04.txt:16:1: unknown field `soltuion:`; did you mean `solution:`?"))
    #expect(screen.contains("\n    soltuion: typing | debounce 300ms\n    ^\n"))
    #expect(
      screen.contains(
        "lessons/lesson04.txt has errors, so its answers cannot be checked. Still\nwatching: save it mended to go on."))
  }

  @Test func anUnreadableFileSaysWhyAndThatTheWatchGoesOn() {
    var watch = watch(readsKeys: false)
    watch.unreadable("cannot read lessons/lesson04.txt: no such file (looked for /work/lessons/lesson04.txt)")
    #expect(
      watch.screen
        == """
        streamlab: cannot read lessons/lesson04.txt: no such file (looked for
        /work/lessons/lesson04.txt)

        Still watching: the screen changes when the file is back.

        Watching lessons/lesson04.txt: each save checks it again.
        Ctrl-C quits.
        """)
  }

  @Test func aPredictionExerciseHidesTheExpectedOutputUntilAnAnswerRuns() {
    let predicting = LessonFixtures.debounce.replacingOccurrences(
      of: "task: Emit a query only after 300ms without typing.\n",
      with: "task: Emit a query only after 300ms without typing. Say first what you expect.\npredict: yes\n")
    var watch = watch()
    _ = watch.read(predicting)
    #expect(watch.screen.contains("Predict first"))
    #expect(!watch.screen.contains("expected: 500ms"))
    _ = watch.read(
      predicting.replacingOccurrences(of: "answer:\n\nexercise", with: "answer: typing | debounce 200ms\n\nexercise"))
    #expect(watch.screen.contains("expected: 500ms"))
  }

  /// Odd lesson files (the fuzzer's crashers) and every lesson of the
  /// curriculum, with its answers empty and with the solutions written in:
  /// a screen for each, never a crash.
  @Test func everyLessonAndFuzzCrasherGivesAScreen() throws {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    var files: [URL] = []
    for folder in ["lessons", "Tests/FuzzTests/Crashers/lesson"] {
      let url = repository.appendingPathComponent(folder)
      files += try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
        .filter { $0.pathExtension == "txt" && $0.lastPathComponent != "README.md" }
    }
    try #require(files.count >= 15)
    var completed = 0
    for file in files {
      let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
      var watch = LessonWatch(
        fileName: file.lastPathComponent, lessonKey: file.path, progress: Progress(),
        checker: LessonFixtures.checker, feedback: CheckFeedback(width: 60, color: false), width: 60, readsKeys: true)
      _ = watch.read(text)
      watch.askForHint()
      #expect(watch.screen.hasSuffix("q or Ctrl-C quits"), "\(file.lastPathComponent)")
      guard file.path.contains("/lessons/") else { continue }
      let lesson = try LessonFixtures.lesson(text, fileName: file.lastPathComponent)
      var solved = lesson
      for exercise in lesson.exercises {
        let solution = try #require(exercise.solution, "\(file.lastPathComponent): \(exercise.heading)")
        solved.text = AnswerRewriter.rewrite(solved, exercise: exercise.number, answer: solution.text)
        solved.exercises = LessonParser().parse(solved.text, fileName: solved.fileName).file.exercises
      }
      _ = watch.read(solved.text)
      #expect(watch.screen.contains("Lesson complete"), "\(file.lastPathComponent)")
      completed += 1
    }
    #expect(completed >= 15)
  }
}
