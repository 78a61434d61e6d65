import Foundation
import Testing

/// The TAP of a graded class, read by the consumers people really use:
/// Perl's `prove` and TAP::Parser (the reference harness) and Python's
/// tap.py. Each test runs when its consumer is installed (`.ci/run` installs
/// both) and is reported as skipped, never as passed, when it is not.
@Suite struct TAPConsumerTests {
  /// `streamlab run lessons/lesson04.txt --answers alice.txt --format tap`,
  /// where Alice passes the first three exercises (she typed the solutions)
  /// and fails the other three (she typed `just 1`). Returns the TAP file and
  /// the folder to remove.
  private func gradedClass() throws -> (tap: URL, home: URL) {
    let home = try StreamlabBinary.temporaryHome()
    let lesson = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../lessons/lesson04.txt").standardizedFileURL
    let text = try String(contentsOf: lesson, encoding: .utf8)
    var solution = ""
    var answered = 0
    let submission = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      if line.hasPrefix("solution: ") { solution = String(line.dropFirst("solution: ".count)) }
      guard line.hasPrefix("answer:") else { return String(line) }
      answered += 1
      return "answer: " + (answered <= 3 ? solution : "just 1")
    }
    try #require(answered == 6, "lesson 4 has six exercises, each with an `answer:` line")
    let alice = home.appendingPathComponent("alice.txt")
    try submission.joined(separator: "\n").write(to: alice, atomically: true, encoding: .utf8)
    let run = try ProcessRun.streamlab(
      ["run", lesson.path, "--answers", alice.path, "--format", "tap"], home: home)
    #expect(run.status == 1, "three exercises fail")
    let tap = home.appendingPathComponent("alice.tap")
    try run.standardOutput.write(to: tap, atomically: true, encoding: .utf8)
    return (tap, home)
  }

  @Test(.enabled(if: ExternalTool.find("prove") != nil, "Perl's prove is not installed"))
  func proveReadsAGradedClassWithoutParseErrors() throws {
    let (tap, home) = try gradedClass()
    defer { try? FileManager.default.removeItem(at: home) }
    let prove = try #require(ExternalTool.find("prove"))
    // `--exec cat` makes prove read the file as the TAP a test program printed.
    let run = try ExternalTool.run(prove, ["--exec", "cat", tap.path])
    #expect(run.status == 1, "prove fails the run because three tests failed")
    #expect(!run.standardOutput.contains("Parse errors"), "\(run.standardOutput)")
    #expect(run.standardOutput.contains("Tests: 6 Failed: 3"), "\(run.standardOutput)")
    #expect(run.standardOutput.contains("Failed tests:  4-6"), "\(run.standardOutput)")
  }

  @Test(.enabled(if: ExternalTool.find("perl") != nil, "perl is not installed"))
  func tapParserReadsThePlanEveryPointAndEachYAMLBlock() throws {
    let (tap, home) = try gradedClass()
    defer { try? FileManager.default.removeItem(at: home) }
    let perl = try #require(ExternalTool.find("perl"))
    let script = #"""
      use TAP::Parser;
      open my $file, '<', $ARGV[0] or die;
      my $parser = TAP::Parser->new({ tap => do { local $/; <$file> } });
      while (my $result = $parser->next) {
        if ($result->is_version) { print "version ", $result->version, "\n" }
        elsif ($result->is_plan) { print "plan ", $result->tests_planned, "\n" }
        elsif ($result->is_test) { print $result->is_ok ? "ok " : "not ok ", $result->number, "\n" }
        elsif ($result->is_yaml) {
          my $data = $result->data;
          print "yaml exercise=$data->{exercise} student=$data->{student} keys=", join(",", sort keys %$data), "\n";
        }
      }
      print "parse errors: ", scalar($parser->parse_errors), "\n";
      """#
    let run = try ExternalTool.run(perl, ["-e", script, tap.path])
    #expect(run.standardError == "")
    // The student is named by the path given to `--answers`.
    #expect(
      run.standardOutput.replacingOccurrences(of: home.path + "/", with: "") == """
        version 13
        plan 6
        ok 1
        ok 2
        ok 3
        not ok 4
        yaml exercise=4 student=alice.txt keys=details,exercise,message,student
        not ok 5
        yaml exercise=5 student=alice.txt keys=details,exercise,message,student
        not ok 6
        yaml exercise=6 student=alice.txt keys=details,exercise,message,student
        parse errors: 0

        """)
  }

  @Test(.enabled(if: ExternalTool.pythonWithTapPy() != nil, "Python's tap.py (with its yaml extra) is not installed"))
  func tapPyReadsThePlanEveryPointAndEachYAMLBlock() throws {
    let (tap, home) = try gradedClass()
    defer { try? FileManager.default.removeItem(at: home) }
    let python = try #require(ExternalTool.pythonWithTapPy())
    let script = """
      import sys
      from tap.parser import Parser
      for line in Parser().parse_file(sys.argv[1]):
          if line.category == "version":
              print("version", line.version)
          elif line.category == "plan":
              print("plan", line.expected_tests)
          elif line.category == "test":
              block = line.yaml_block
              yaml = "" if block is None else " yaml exercise=%s student=%s" % (block["exercise"], block["student"])
              print("%s %d%s" % ("ok" if line.ok else "not ok", line.number, yaml))
          elif line.category == "unknown" and line.text.strip():
              print("unknown", repr(line.text))
      """
    let run = try ExternalTool.run(python, ["-c", script, tap.path])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(
      run.standardOutput.replacingOccurrences(of: home.path + "/", with: "") == """
        version 13
        plan 6
        ok 1
        ok 2
        ok 3
        not ok 4 yaml exercise=4 student=alice.txt
        not ok 5 yaml exercise=5 student=alice.txt
        not ok 6 yaml exercise=6 student=alice.txt

        """)
  }
}

/// A program on the test machine's `PATH`, for the tests that hand
/// streamlab's output to real consumers.
enum ExternalTool {
  /// The test process's environment: consumers live where the machine put them
  /// (`/usr/bin`, a Python virtual environment), unlike streamlab's clean one.
  static var environment: [String: String] { ProcessInfo.processInfo.environment }

  static func find(_ name: String) -> String? {
    let path = environment["PATH"] ?? "/usr/bin:/bin"
    return (path.split(separator: ":").map(String.init) + ["/usr/bin"])
      .map { URL(fileURLWithPath: $0).appendingPathComponent(name).path }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// `python3` when it can import tap.py and the YAML support it needs for TAP 13 blocks.
  static func pythonWithTapPy() -> String? {
    guard let python = find("python3"),
      let probe = try? run(python, ["-c", "import tap.parser, yaml, more_itertools"]), probe.status == 0
    else { return nil }
    return python
  }

  /// Runs `executable` to its end. The consumers read a file and print a few
  /// lines, so pipes cannot fill up; streamlab itself runs through `ProcessRun`.
  static func run(_ executable: String, _ arguments: [String]) throws -> ProcessRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProcessRun(
      status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData, as: UTF8.self))
  }
}
