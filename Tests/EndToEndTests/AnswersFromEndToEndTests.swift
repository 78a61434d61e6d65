import Foundation
import Testing

/// `run LESSON --answers-from LIST` (issue 34): a class too large for one
/// command line, its paths listed in a file or on standard input, is graded
/// exactly as `--answers` with the same paths grades it.
@Suite struct AnswersFromEndToEndTests {
  @Test func aListOfPathsGradesAsTheSamePathsOnTheCommandLine() throws {
    try StreamlabBinary.withTemporaryHome { home in
      try PointsClass.lesson.write(to: home.appendingPathComponent("lesson.txt"), atomically: true, encoding: .utf8)
      for (name, text) in PointsClass.students {
        try text.write(to: home.appendingPathComponent(name), atomically: true, encoding: .utf8)
      }
      let names = PointsClass.students.map(\.0)
      // A blank line and a trailing newline are read past.
      try (names.joined(separator: "\n\n") + "\n").write(
        to: home.appendingPathComponent("list.txt"), atomically: true, encoding: .utf8)
      for format in ["text", "results", "junit"] {
        let direct = try ProcessRun.run(
          ["run", "lesson.txt", "--answers"] + names + ["--format", format], input: Data(), home: home,
          currentDirectory: home)
        let listed = try ProcessRun.run(
          ["run", "lesson.txt", "--answers-from", "list.txt", "--format", format], input: Data(), home: home,
          currentDirectory: home)
        let piped = try ProcessRun.run(
          ["run", "lesson.txt", "--answers-from", "-", "--format", format],
          input: Data(names.joined(separator: "\n").utf8),
          home: home, currentDirectory: home)
        #expect(direct.status == 1)
        #expect(listed.standardOutput == direct.standardOutput)
        #expect(listed.status == direct.status)
        #expect(piped.standardOutput == direct.standardOutput)
      }
      let missing = try ProcessRun.run(
        ["run", "lesson.txt", "--answers-from", "nope.txt"], input: Data(), home: home, currentDirectory: home)
      #expect(missing.status == 2)
      #expect(missing.standardError.contains("nope.txt"))
    }
  }
}
