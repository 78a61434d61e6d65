import Testing

@testable import Lessons

@Suite struct LessonParserTests {
  static let sketch = """
    lesson: 4
    title: Waiting for silence — debounce vs throttle

    Prose paragraphs are shown to the student, wrapped to the terminal.
    A line starting with "> " is a demo: it is run and its diagram is shown.

    > events 0ms:"i", 100ms:"ip", 450ms:"iph", 900ms:| | debounce 300ms

    exercise: Only search when the user pauses
    given: let typing = events 0ms:"i", 100ms:"ip", 200ms:"iph", 700ms:"ipho", 1200ms:|
    task: Emit a query only after 300ms without typing.
    expect: 500ms:"iph", 1000ms:"ipho", 1200ms:|
    hint: Which operator waits for silence before it lets a value through?
    hint: debounce takes a time.
    solution: typing | debounce 300ms
    answer:

    """

  @Test func readsTheSketchFromLessonsMd() throws {
    let (file, errors) = LessonParser().parse(Self.sketch, fileName: "lesson04.txt")
    #expect(errors.isEmpty)
    #expect(file.number == 4)
    #expect(file.title == "Waiting for silence — debounce vs throttle")
    #expect(file.introduction.count == 2)
    #expect(
      file.introduction.first
        == .prose([
          "Prose paragraphs are shown to the student, wrapped to the terminal.",
          "A line starting with \"> \" is a demo: it is run and its diagram is shown.",
        ]))
    #expect(file.demos.map(\.text) == [#"events 0ms:"i", 100ms:"ip", 450ms:"iph", 900ms:| | debounce 300ms"#])
    let exercise = try #require(file.exercises.first)
    #expect(exercise.title == "Only search when the user pauses")
    #expect(
      exercise.givens.map(\.text) == [#"let typing = events 0ms:"i", 100ms:"ip", 200ms:"iph", 700ms:"ipho", 1200ms:|"#])
    #expect(exercise.task?.text == "Emit a query only after 300ms without typing.")
    #expect(exercise.expect?.text == #"500ms:"iph", 1000ms:"ipho", 1200ms:|"#)
    #expect(exercise.hints.count == 2)
    #expect(exercise.solution?.text == "typing | debounce 300ms")
    #expect(exercise.answer == nil)
    #expect(exercise.comparison == .events)
  }

  @Test func valuesRememberTheirColumnInTheFile() throws {
    let (file, _) = LessonParser().parse(Self.sketch, fileName: "lesson04.txt")
    let solution = try #require(file.exercises.first?.solution)
    #expect(solution.start == FilePosition(line: 15, column: 11))
    // "debounce" starts 9 bytes into "typing | debounce 300ms".
    #expect(solution.position(atOffset: 9) == FilePosition(line: 15, column: 20))
  }

  @Test func indentedLinesContinueAFieldAndJoinProgramsWithNewlines() throws {
    let text = """
      title: T
      exercise: Two lines
      given: let a = marbles "-a-b|"
        let b = marbles "--1-2|"
      task: Merge them,
        then look.
      solution: a | merge b
      """
    let (file, errors) = LessonParser().parse(text, fileName: "x.txt")
    #expect(errors.isEmpty)
    let exercise = try #require(file.exercises.first)
    #expect(exercise.givens.first?.text == "let a = marbles \"-a-b|\"\nlet b = marbles \"--1-2|\"")
    #expect(exercise.task?.text == "Merge them, then look.")
    // The continuation's first character is at column 3 of line 4.
    #expect(exercise.givens.first?.position(atOffset: 24) == FilePosition(line: 4, column: 3))
  }

  @Test func requireAndForbidTakeSeveralNamesWithPositions() throws {
    let text = "title: T\nexercise: E\nsolution: just 1\nrequire: debounce, removeDuplicates\nforbid: flatMap\n"
    let (file, errors) = LessonParser().parse(text, fileName: "x.txt")
    #expect(errors.isEmpty)
    let exercise = try #require(file.exercises.first)
    #expect(
      exercise.required == [
        OperatorRule(name: "debounce", position: FilePosition(line: 4, column: 10)),
        OperatorRule(name: "removeDuplicates", position: FilePosition(line: 4, column: 20)),
      ])
    #expect(exercise.forbidden.map(\.name) == ["flatMap"])
  }

  @Test func capitalisedWordsWithAColonAndUrlsStayProse() {
    let text = "title: T\nNote: this is prose.\nSee https://example.com for more.\nremember: prose too\n"
    let (file, errors) = LessonParser().parse(text, fileName: "x.txt")
    #expect(errors.isEmpty)
    #expect(
      file.introduction == [
        .prose(["Note: this is prose.", "See https://example.com for more.", "remember: prose too"])
      ])
  }

  @Test func reportsSeveralErrorsAtOnceWithPositions() {
    let text = """
      title: Broken
      hint: too early
      exercise: First
      task: Do it.
      soltuion: just 1
      compare: timing
      exercise: Second
      expect: 0ms:1
      expect: 0ms:2
      title: late
      """
    let (_, errors) = LessonParser().parse(text, fileName: "lesson04.txt")
    #expect(
      errors.map(\.description) == [
        "lesson04.txt:2:1: `hint:` outside an exercise; expected an `exercise:` line before it",
        "lesson04.txt:3:1: exercise \"First\" has neither `expect:` nor `solution:`; expected at least one, so answers can be checked",
        "lesson04.txt:5:1: unknown field `soltuion:`; did you mean `solution:`? (prose lines must not start with a lowercase word and a colon)",
        "lesson04.txt:6:10: expected `values` or `events` after `compare:`, found `timing`",
        "lesson04.txt:9:1: this exercise already has `expect:` on line 8; expected one `expect:` per exercise",
        "lesson04.txt:10:1: `title:` belongs at the top of the lesson, before the first `exercise:`",
      ])
  }

  @Test func aMisspeltTitleIsReportedAtItsLineWithTheFieldItMeant() {
    let (_, errors) = LessonParser().parse("titel: Waiting\nexercise: E\nexpect: 0ms:1\n", fileName: "l.txt")
    #expect(
      errors.map(\.description).contains(
        "l.txt:1:1: unknown field `titel:`; did you mean `title:`? (prose lines must not start with a lowercase word and a colon)"
      ))
  }

  @Test func twoExercisesWithOneTitleAreRefusedAtTheSecond() {
    let text = "title: T\nexercise: Map\nexpect: 0ms:1\n\nexercise: Map\nexpect: 0ms:2\n"
    let (_, errors) = LessonParser().parse(text, fileName: "l.txt")
    #expect(
      errors.map(\.description) == [
        "l.txt:5:1: a second exercise titled \"Map\"; the first is on line 2, and progress and grading tell exercises apart by title, so each needs its own"
      ])
    // A student's submission is read for its answers only.
    #expect(LessonParser(mode: .submission).parse(text, fileName: "l.txt").errors.isEmpty)
  }

  @Test func aMissingTitleAndABadLessonNumberAreErrors() {
    let (_, errors) = LessonParser().parse("lesson: four\n", fileName: "l.txt")
    #expect(
      errors.map(\.description) == [
        "l.txt:1:1: expected a `title:` line at the top of the lesson",
        "l.txt:1:9: expected a whole number after `lesson:`, found `four`",
      ])
  }

  @Test func submissionsNeedNeitherTitleNorChecks() {
    let (file, errors) = LessonParser(mode: .submission).parse("exercise: E\nanswer: just 1\n", fileName: "s.txt")
    #expect(errors.isEmpty)
    #expect(file.exercises.first?.answerText == "just 1")
  }

  @Test func renderedErrorShowsTheLineAndACaret() {
    let text = "title: T\nexercise: E\nexpect: 0ms:1\ncompare: timing\n"
    let (_, errors) = LessonParser().parse(text, fileName: "l.txt")
    #expect(
      errors.first?.rendered(in: text)
        == "l.txt:4:10: expected `values` or `events` after `compare:`, found `timing`\n    compare: timing\n             ^"
    )
  }

  @Test func aLongLinesErrorIsCutSoTheCaretStaysUnderItsColumn() throws {
    let long = "compare: " + String(repeating: "x", count: 120) + "timing"
    let text = "title: T\nexercise: E\nexpect: 0ms:1\n\(long)\n"
    let (_, errors) = LessonParser().parse(text, fileName: "l.txt")
    let lines = try #require(errors.first).rendered(in: text).split(separator: "\n").map(String.init)
    try #require(lines.count == 3)
    #expect(lines[1].count <= 80 && lines[2].count <= 80, "\(lines)")
    // The error's column is the value's first character, just after `compare: `.
    let caret = try #require(Array(lines[2]).firstIndex(of: "^"))
    #expect(Array(lines[1])[caret] == "x", "\(lines)")
    #expect(Array(lines[1])[caret - 2] == ":", "\(lines)")
  }

  @Test func crlfFilesParseLikeLfFiles() throws {
    let text = "title: T\r\nexercise: E\r\nsolution: just 1\r\nanswer: just 2\r\n"
    let (file, errors) = LessonParser().parse(text, fileName: "l.txt")
    #expect(errors.isEmpty)
    #expect(file.exercises.first?.answerText == "just 2")
    #expect(file.exercises.first?.solution?.text == "just 1")
  }

  @Test func pointsSayWhatAnExerciseIsWorthAndDefaultToOne() {
    let text = "title: T\nexercise: A\nsolution: just 1\n\nexercise: B\npoints: 3\nsolution: just 2\n"
    let (file, errors) = LessonParser().parse(text, fileName: "l.txt")
    #expect(errors.isEmpty)
    #expect(file.exercises.map(\.points) == [1, 3])
  }

  @Test(arguments: ["0", "-2", "+2", "1.5", "lots", "1001", "99999999999999999999", ""])
  func pointsThatAreNotAWholeNumberFromOneTo1000AreRefusedAtTheirColumn(points: String) {
    let text = "title: T\nexercise: A\nsolution: just 1\npoints: \(points)\n"
    let (_, errors) = LessonParser().parse(text, fileName: "l.txt")
    #expect(
      errors.map(\.description) == [
        "l.txt:4:9: expected a whole number of points from 1 to 1000 after `points:`, found `\(points)`"
      ])
  }

  @Test func aSecondPointsLineIsRefusedAndASubmissionsPointsAreNotJudged() {
    let text = "title: T\nexercise: A\nsolution: just 1\npoints: 2\npoints: 3\n"
    #expect(
      LessonParser().parse(text, fileName: "l.txt").errors.map(\.description) == [
        "l.txt:5:1: this exercise already has `points:` on line 4; expected one `points:` per exercise"
      ])
    // Grading reads the teacher's points, so a student's edited ones cannot make their answers unreadable.
    let submission = "exercise: A\npoints: lots\nanswer: just 1\n"
    #expect(LessonParser(mode: .submission).parse(submission, fileName: "s.txt").errors.isEmpty)
  }
}
