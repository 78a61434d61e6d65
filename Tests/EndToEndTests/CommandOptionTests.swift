import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The options and commands no other test touched, each run once as a user
/// would type it: eval's display options and their validation, grading from
/// the command line, `lessons` without lessons, the REPL's aliases and the
/// REPL reading and writing real files.
@Suite struct CommandOptionTests {
  /// Runs `body` with a fresh home folder, and removes the folder afterwards.
  private func withHome<T>(_ body: (URL) throws -> T) throws -> T {
    let home = try StreamlabBinary.temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    return try body(home)
  }

  private func streamlab(_ arguments: [String], input: String = "", home: URL) throws -> ProcessRun {
    try ProcessRun.streamlab(arguments, input: input, home: home)
  }

  // MARK: eval's display options

  @Test func scaleSetsTheTimeOneColumnStandsFor() throws {
    let run = try withHome { try streamlab(["eval", "interval 100ms | take 3", "--scale", "50ms"], home: $0) }
    #expect(run.status == 0, "\(run.standardError)")
    // One column per 50ms: the ticks at 100, 200 and 300ms land in columns 2, 4 and 6.
    #expect(
      run.standardOutput == """
          interval 100ms  --0-1-(2 !)
        > take 3          --0-1-(2 |)
                          +----+-
                          0    250ms   frame 50ms

        """)
  }

  @Test func widthKeepsEveryLineWithinThatManyColumns() throws {
    let program = "interval 100ms | take 30"
    let narrow = try withHome { try streamlab(["eval", program, "--width", "40"], home: $0) }
    #expect(narrow.status == 0)
    let lines = narrow.standardOutput.split(separator: "\n")
    #expect(lines.allSatisfy { $0.count <= 40 })
    #expect(lines.contains("> take 30       -0123456789abc ~ de(f |)"))
    let wide = try withHome { try streamlab(["eval", program, "--width", "200"], home: $0) }
    #expect(wide.standardOutput.split(separator: "\n").contains { $0.count > 40 })
  }

  @Test func maxEventsStopsTheRunAndSaysSo() throws {
    let run = try withHome { try streamlab(["eval", "interval 1ms", "--max-events", "50"], home: $0) }
    #expect(run.status == 0)
    #expect(
      run.standardOutput.hasSuffix(
        "stopped after 50 events (the event budget); \u{2026} marks streams still running\n"))
  }

  @Test func colorNeverAndAutoLeavePipedOutputPlain() throws {
    for choice in ["never", "auto"] {
      let run = try withHome { try streamlab(["eval", "just 7", "--color", choice], home: $0) }
      #expect(run.status == 0)
      #expect(run.standardOutput.contains("> just 7  (7 |)"), "\(choice)")
      #expect(!run.standardOutput.contains("\u{1B}["), "\(choice)")
    }
  }

  @Test func colorAutoColoursATerminalAndNeverDoesNot() throws {
    try withHome { home in
      var environment = StreamlabBinary.environment(home: home)
      environment["NO_COLOR"] = nil
      let auto = try PseudoTerminal(
        [StreamlabBinary.path, "eval", "just 7", "--color", "auto"], environment: environment)
      #expect(try auto.waitForExit() == 0)
      #expect(auto.transcript.contains("\u{1B}[36m7\u{1B}[0m"))
      let never = try PseudoTerminal(
        [StreamlabBinary.path, "eval", "just 7", "--color", "never"], environment: environment)
      #expect(try never.waitForExit() == 0)
      #expect(never.transcript.contains("(7 |)"))
      #expect(!never.transcript.contains("\u{1B}[36m"))
    }
  }

  // MARK: eval's validation errors

  @Test(arguments: ["9", "1001"])
  func aWidthOutOfRangeIsAUsageError(width: String) throws {
    let run = try withHome { try streamlab(["eval", "just 1", "--width", width], home: $0) }
    #expect(run.status == 2)
    #expect(run.standardError.contains("--width must be between 10 and 1000"))
    #expect(run.standardOutput.isEmpty)
  }

  @Test func aProgramAndAFileTogetherIsAUsageError() throws {
    let run = try withHome { home in
      let file = home.appendingPathComponent("program.txt")
      try "just 2\n".write(to: file, atomically: true, encoding: .utf8)
      return try streamlab(["eval", "just 1", "-f", file.path], home: home)
    }
    #expect(run.status == 2)
    #expect(run.standardError.contains("give either a program or -f FILE, not both"))
  }

  @Test func anUnreadableProgramFileIsAUsageError() throws {
    let run = try withHome { home in
      try streamlab(["eval", "-f", home.appendingPathComponent("missing.txt").path], home: home)
    }
    #expect(run.status == 2)
    #expect(run.standardError.contains("cannot read"))
    #expect(run.standardError.contains("missing.txt"))
  }

  @Test func anUnwritableOutputIsAUsageErrorAndWritesNothing() throws {
    let run = try withHome { home in
      let output = home.appendingPathComponent("no-such-folder/diagram.svg")
      return try streamlab(["eval", "just 1", "--format", "svg", "--output", output.path], home: home)
    }
    #expect(run.status == 2)
    #expect(run.standardError.hasPrefix("cannot write "))
    #expect(run.standardError.contains("no-such-folder/diagram.svg"))
    #expect(run.standardOutput.isEmpty)
  }

  // MARK: grading from the command line

  /// Runs `run lesson04.txt --answers ada.txt bob.txt --format FORMAT`:
  /// Ada's answer is right, Bob's throttles instead of debouncing.
  private func grade(as format: String) throws -> ProcessRun {
    try withHome { home in
      let lesson = home.appendingPathComponent("lesson04.txt")
      try LessonRunEndToEndTests.lesson.write(to: lesson, atomically: true, encoding: .utf8)
      let answers = [("ada", "typing | debounce 300ms"), ("bob", "typing | throttle 300ms latest: true")]
      for (name, answer) in answers {
        try LessonRunEndToEndTests.lesson.replacingOccurrences(of: "answer:\n", with: "answer: \(answer)\n")
          .write(to: home.appendingPathComponent("\(name).txt"), atomically: true, encoding: .utf8)
      }
      return try streamlab(
        ["run", "lesson04.txt", "--answers", "ada.txt", "bob.txt", "--format", format].map {
          $0.hasSuffix(".txt") ? home.appendingPathComponent($0).path : $0
        }, home: home)
    }
  }

  @Test func gradingInTextSaysWhoPassedAndWhy() throws {
    let run = try grade(as: "text")
    #expect(run.status == 1)
    let lines = run.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.contains("  PASS  1. Only search when the user pauses"))
    #expect(
      lines.contains(
        "  FAIL  1. Only search when the user pauses: expected \"iph\" at 500ms, got \"i\" at 0ms"))
    #expect(lines.last == "1 passed, 1 failed, 1/2 points")
  }

  @Test func gradingInTAPHasAPlanAndOneLinePerSubmission() throws {
    let run = try grade(as: "tap")
    #expect(run.status == 1)
    let lines = run.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.contains("1..2"))
    #expect(lines.contains { $0.hasPrefix("ok 1 - ") && $0.hasSuffix("ada.txt: 1. Only search when the user pauses") })
    #expect(
      lines.contains { $0.hasPrefix("not ok 2 - ") && $0.hasSuffix("bob.txt: 1. Only search when the user pauses") })
  }

  @Test func gradingInJUnitIsXMLWithOneFailure() throws {
    let run = try grade(as: "junit")
    #expect(run.status == 1)
    final class Counter: NSObject, XMLParserDelegate {
      var elements: [String: Int] = [:]
      func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
      ) { elements[name, default: 0] += 1 }
    }
    let counter = Counter()
    let parser = XMLParser(data: Data(run.standardOutput.utf8))
    parser.delegate = counter
    #expect(parser.parse())
    #expect(counter.elements["testcase"] == 2)
    #expect(counter.elements["failure"] == 1)
  }

  @Test func gradingInJUnitGivesEachStudentFolderItsClassAndAnUnreadableFileAnError() throws {
    let run = try withHome { home in
      let lesson = home.appendingPathComponent("lesson04.txt")
      try LessonRunEndToEndTests.lesson.write(to: lesson, atomically: true, encoding: .utf8)
      for name in ["ada", "bob"] {
        let folder = home.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try LessonRunEndToEndTests.lesson.replacingOccurrences(
          of: "answer:\n", with: "answer: typing | debounce 300ms\n"
        )
        .write(to: folder.appendingPathComponent("lesson04.txt"), atomically: true, encoding: .utf8)
      }
      // Carol's folder holds no lesson04.txt: her submission cannot be read.
      let answers = ["ada", "bob", "carol"].map { home.appendingPathComponent("\($0)/lesson04.txt").path }
      return try streamlab(["run", lesson.path, "--answers"] + answers + ["--format", "junit"], home: home)
    }
    #expect(run.status == 1)
    final class Reader: NSObject, XMLParserDelegate {
      var classNames: [String] = []
      var elements: [String: Int] = [:]
      func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
      ) {
        elements[name, default: 0] += 1
        if name == "testcase" { classNames.append(attributes["classname"] ?? "") }
      }
    }
    let reader = Reader()
    let parser = XMLParser(data: Data(run.standardOutput.utf8))
    parser.delegate = reader
    #expect(parser.parse(), "\(run.standardOutput)")
    #expect(reader.classNames == ["lesson04.ada", "lesson04.bob", "lesson04.carol"])
    #expect(reader.elements["error"] == 1)
    #expect(reader.elements["failure"] == nil)
  }

  // MARK: lessons, and the REPL's aliases and files

  @Test func lessonsWithoutALessonsFolderSaysNoneWereFound() throws {
    let run = try withHome { home in
      try streamlab(["lessons", home.appendingPathComponent("lessons").path], home: home)
    }
    #expect(run.status == 0)
    #expect(run.standardOutput == "No lessons found.\n")
  }

  @Test func helpAliasesShowTheOverviewAndExitQuits() throws {
    let run = try withHome { try streamlab([], input: ":h\n:?\n:exit\njust 1\n", home: $0) }
    #expect(run.status == 0)
    let overview = try withHome { try streamlab([], input: ":help\n", home: $0) }.standardOutput
    #expect(!overview.isEmpty)
    // Each alias printed the whole overview, and `:exit` left before `just 1` ran.
    #expect(run.standardOutput == overview + overview)
  }

  @Test func loadReadsARealFileAndSvgWritesOne() throws {
    try withHome { home in
      let program = home.appendingPathComponent("streams.txt")
      try "let z = just 5\n".write(to: program, atomically: true, encoding: .utf8)
      let picture = home.appendingPathComponent("z.svg")
      let run = try streamlab([], input: ":load \(program.path)\nz | map x + 1\n:svg \(picture.path)\n", home: home)
      #expect(run.status == 0, "\(run.standardError)")
      #expect(run.standardOutput.hasPrefix("bound z\n"))
      #expect(run.standardOutput.contains("> map x + 1  (6 |)"))
      #expect(run.standardOutput.hasSuffix("wrote \(picture.path)\n"))
      let svg = try String(contentsOf: picture, encoding: .utf8)
      #expect(svg.hasPrefix("<?xml"))
      #expect(svg.contains(">map x + 1</text>"))
    }
  }

  @Test func loadSaysWhyAFileCannotBeReadAndWhereItLooked() throws {
    try withHome { home in
      try FileManager.default.createDirectory(
        at: home.appendingPathComponent("lessons"), withIntermediateDirectories: true)
      let run = try ProcessRun.run(
        [], input: Data(":load missing.txt\n:load lessons\n".utf8), home: home, currentDirectory: home)
      #expect(run.status == 1)
      // The temporary folder may be reached through a symbolic link: compare resolved paths.
      let folder = home.resolvingSymlinksInPath().path
      let lines = run.standardError.split(separator: "\n").map {
        String($0).replacingOccurrences(of: home.path, with: folder)
      }
      #expect(lines.contains("cannot read missing.txt: no such file (looked for \(folder)/missing.txt)"), "\(lines)")
      #expect(lines.contains("cannot read lessons: \(folder)/lessons is a folder, not a file"), "\(lines)")
    }
  }

  @Test func loadOfAMissingFileAndSvgIntoAMissingFolderSayWhyAndFail() throws {
    try withHome { home in
      let missing = home.appendingPathComponent("missing.txt").path
      let unwritable = home.appendingPathComponent("no-such-folder/a.svg").path
      let run = try streamlab([], input: ":load \(missing)\njust 1\n:svg \(unwritable)\n", home: home)
      #expect(run.status == 1)
      #expect(run.standardError.contains("cannot read \(missing)"))
      #expect(run.standardError.contains("cannot write \(unwritable)"))
    }
  }
}
