import Foundation
import Testing

/// `streamlab run`, `lessons` and `lesson` as the built binary, at a
/// pseudo-terminal and with piped input.
@Suite struct LessonRunEndToEndTests {
  static let lesson = """
    lesson: 4
    title: Waiting for silence

    A search field should wait until the user pauses.

    exercise: Only search when the user pauses
    given: let typing = events 0ms:"i", 100ms:"ip", 200ms:"iph", 700ms:"ipho", 1200ms:|
    task: Emit a query only after 300ms without typing.
    expect: 500ms:"iph", 1000ms:"ipho", 1200ms:|
    hint: Which operator waits for silence before it lets a value through?
    hint: debounce takes a time.
    solution: typing | debounce 300ms
    answer:

    """

  func lessonFile(in home: URL, text: String = lesson) throws -> URL {
    let folder = home.appendingPathComponent("lessons")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent("lesson04.txt")
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  @Test func passesAnExerciseWithAHintOnTheWay() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let url = try lessonFile(in: home)
      let terminal = try PseudoTerminal(
        [StreamlabBinary.path, "run", url.path], environment: StreamlabBinary.environment(home: home))
      let start = try terminal.waitFor("1/1 » ")
      #expect(terminal.transcript.contains("Exercise 1 of 1: Only search when the user pauses"))
      terminal.type(":hint\r")
      let hint = try terminal.waitFor("Hint 1 of 2: Which operator waits for silence", after: start)
      try terminal.waitFor("1/1 » ", after: hint)
      terminal.type("typing | debounce 200ms\r")
      let wrong = try terminal.waitFor(#"expected "iph" at 500ms, got "iph" at 400ms"#, after: hint)
      try terminal.waitFor("1/1 » ", after: wrong)
      terminal.type("typing | debounce 300ms\r")
      try terminal.waitFor("Passed", after: wrong)
      try terminal.waitFor("Lesson complete", after: wrong)
      #expect(try terminal.waitForExit() == 0)
      // The answer went into the file, and nothing else in it changed.
      let written = try String(contentsOf: url, encoding: .utf8)
      #expect(
        written
          == Self.lesson.replacingOccurrences(of: "answer:\n", with: "answer: typing | debounce 300ms\n"))
      let progress = try String(
        contentsOf: home.appendingPathComponent("state/streamlab/progress.json"), encoding: .utf8)
      #expect(progress.contains("\"passed\" : true"))
      // Running it again resumes past the passed exercise: nothing is left, so it ends at once.
      let again = try PseudoTerminal(
        [StreamlabBinary.path, "run", url.path], environment: StreamlabBinary.environment(home: home))
      try again.waitFor("Lesson complete")
      #expect(try again.waitForExit() == 0)
    }
  }

  @Test func ctrlCStopsAnAnswerThatCannotFinishAndTheLessonGoesOn() throws {
    // 100 million ticks and a budget far above them: only Ctrl-C ends this answer's run.
    try StreamlabBinary.withTemporaryHome { home in
      let url = try lessonFile(in: home)
      let terminal = try PseudoTerminal(
        [StreamlabBinary.path, "run", url.path, "--horizon", "100000s", "--max-events", "2000000000"],
        environment: StreamlabBinary.environment(home: home))
      let start = try terminal.waitFor("1/1 » ")
      terminal.type("interval 1ms | map x + 1\r")
      try terminal.waitFor("interval 1ms | map x + 1\r\n", after: start)
      Thread.sleep(forTimeInterval: 0.5)
      terminal.type("\u{03}")
      let stopped = try terminal.waitFor("stopped by Ctrl-C at ", after: start)
      let prompt = try terminal.waitFor("1/1 » ", after: stopped)
      // One reason, the true one: not a horizon the run never reached, and said once.
      let feedback = String(decoding: Array(terminal.transcript.utf8)[start..<prompt], as: UTF8.self)
      #expect(terminal.count(of: "stopped by Ctrl-C", after: start) == 1, "\(feedback)")
      #expect(!feedback.contains("horizon"), "\(feedback)")
      #expect(!feedback.contains("event budget"), "\(feedback)")
      terminal.type("typing | debounce 300ms\r")
      try terminal.waitFor("Passed", after: stopped)
      #expect(try terminal.waitForExit() == 0)
    }
  }

  @Test func pipedInputChecksTheAnswerLinesWithoutPrompts() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let url = try lessonFile(in: home)
      let unanswered = try ProcessRun.streamlab(["run", url.path], input: "typing | debounce 300ms\n", home: home)
      #expect(unanswered.status == 1)
      #expect(
        unanswered.standardOutput
          == "FAIL  1. Only search when the user pauses: no answer yet\n0 passed, 1 failed, 0/1 points\n")
      let answered = try lessonFile(
        in: home, text: Self.lesson.replacingOccurrences(of: "answer:\n", with: "answer: typing | debounce 300ms\n"))
      let check = try ProcessRun.streamlab(["run", answered.path, "--check"], home: home)
      #expect(check.status == 0)
      #expect(check.standardOutput == "PASS  1. Only search when the user pauses\n1 passed, 0 failed, 1/1 points\n")
      let broken = try lessonFile(in: home, text: "title: T\nexercise: E\nsoltuion: just 1\n")
      let error = try ProcessRun.streamlab(["run", broken.path, "--check"], home: home)
      #expect(error.status == 2)
      #expect(error.standardError.contains("lesson04.txt:3:1: unknown field `soltuion:`"))
    }
  }

  @Test func gradesSubmissionsInAMachineFormatWithoutEscapes() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let url = try lessonFile(in: home)
      let good = home.appendingPathComponent("ada.txt")
      try Self.lesson.replacingOccurrences(of: "answer:\n", with: "answer: typing | debounce 300ms\n")
        .write(to: good, atomically: true, encoding: .utf8)
      let missing = home.appendingPathComponent("nobody.txt")
      let run = try ProcessRun.streamlab(
        ["run", url.path, "--answers", good.path, missing.path, "--format", "json", "--color", "always"], home: home)
      #expect(run.status == 1)
      #expect(!run.standardOutput.contains("\u{1B}"))
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
      let tests = try #require(object["tests"] as? [[String: Any]])
      #expect(tests.map { $0["status"] as? String } == ["pass", "fail"])
      #expect((tests[1]["message"] as? String)?.hasPrefix("cannot read the submission") == true)
    }
  }

  @Test func teacherToolsVerifyAndMakeTheStudentCopy() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let url = try lessonFile(in: home)
      let verify = try ProcessRun.streamlab(["lesson", "verify", url.path], home: home)
      #expect(verify.status == 0, "\(verify.standardOutput)\(verify.standardError)")
      let student = try ProcessRun.streamlab(["lesson", "student", url.path], home: home)
      #expect(student.status == 0)
      #expect(!student.standardOutput.contains("solution:"))
      #expect(student.standardOutput.contains(#"expect: 500ms:"iph", 1000ms:"ipho", 1200ms:|"#))
      let list = try ProcessRun.streamlab(["lessons", home.appendingPathComponent("lessons").path], home: home)
      #expect(list.status == 0)
      #expect(list.standardOutput == "lesson04.txt  Waiting for silence  0/1 passed\n")
    }
  }
}
