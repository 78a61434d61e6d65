import Foundation
import Testing

/// Input that is not UTF-8 is refused with one line that names where it came
/// from and the offset of the first bad byte, wherever it comes in.
@Suite struct BadBytesTests {
  /// `just 1 | map x` with a byte 0xFF at offset 9, where `map` begins.
  static let program = Data("just 1 | ".utf8) + Data([0xFF]) + Data("map x\n".utf8)

  @Test func evalRefusesStandardInputThatIsNotUTF8() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let run = try ProcessRun.run(["eval", "-"], input: Self.program, home: home)
      #expect(run.status == 2)
      #expect(run.standardError == "<stdin>: not UTF-8 text: byte 0xFF at offset 9\n")
      #expect(run.standardOutput.isEmpty)
    }
  }

  @Test func evalRefusesAFileThatIsNotUTF8() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let file = home.appendingPathComponent("program.txt")
      try Self.program.write(to: file)
      let run = try ProcessRun.streamlab(["eval", "-f", file.path], home: home)
      #expect(run.status == 2)
      #expect(run.standardError == "\(file.path): not UTF-8 text: byte 0xFF at offset 9\n")
    }
  }

  @Test func evalRefusesAnArgumentThatIsNotUTF8() throws {
    // Swift passes arguments as UTF-8, so the bad byte is made by the shell.
    try StreamlabBinary.withTemporaryHome { home in
      let run = try ProcessRun.run(
        ["-c", #"exec "$0" eval "$(printf 'just 1 | \377map x')""#, StreamlabBinary.path], input: Data(),
        home: home, executable: "/bin/sh")
      #expect(run.status == 2)
      #expect(run.standardError == "<argument>: not UTF-8 text: byte 0xFF at offset 9\n")
    }
  }

  @Test func randomBytesGiveOneLineAndNoControlCharacters() throws {
    // A fixed scramble of every byte value, standing in for /dev/urandom.
    let bytes = Data((0..<2_000).map { UInt8(truncatingIfNeeded: $0 &* 167 &+ 13) })
    try StreamlabBinary.withTemporaryHome { home in
      let run = try ProcessRun.run(["eval", "-"], input: bytes, home: home)
      #expect(run.status == 2)
      let lines = run.standardError.split(separator: "\n")
      #expect(lines.count == 1)
      #expect(run.standardError.hasPrefix("<stdin>: not UTF-8 text: byte 0x"))
    }
  }

  @Test func controlCharactersInAProgramAreShownEscaped() throws {
    let run = try ProcessRun.streamlab(["eval", "just 1 | map x\u{1B}[2J"])
    #expect(run.status == 2)
    #expect(!run.standardError.contains("\u{1B}"))
    #expect(run.standardError.contains(#"just 1 | map x\u{1B}[2J"#))
  }

  @Test func aHundredKilobyteLineShowsEightyColumnsAroundTheCaret() throws {
    let line = "just \"" + String(repeating: "x", count: 100_000) + "\" | debounse 1s"
    let run = try ProcessRun.streamlab(["eval", line])
    #expect(run.status == 2)
    let lines = run.standardError.split(separator: "\n")
    try #require(lines.count >= 3)
    #expect(lines[0] == "1:100011: error: unknown operator `debounse`; did you mean `debounce`?")
    #expect(lines[1].count <= 80)
    #expect(lines[1].hasSuffix("xxx\" | debounse 1s"))
    #expect(lines[2].count <= 80)
    #expect(run.standardError.count < 500)
  }

  @Test func loadRefusesAFileThatIsNotUTF8AndTheSessionGoesOn() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let file = home.appendingPathComponent("program.txt")
      try Self.program.write(to: file)
      let run = try ProcessRun.streamlab([], input: "let a = just 4\n:load \(file.path)\na | map x+1\n", home: home)
      #expect(run.status == 1)
      #expect(run.standardError == "\(file.path): not UTF-8 text: byte 0xFF at offset 9\n")
      #expect(run.standardOutput.contains("> map x+1"))
    }
  }

  @Test func pipedReplRefusesALineThatIsNotUTF8WithItsOffsetInTheInput() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let input = Data("let a = just 4\n".utf8) + Self.program + Data("a | map x+1\n".utf8)
      let run = try ProcessRun.run([], input: input, home: home)
      #expect(run.status == 1)
      // The first line has 15 bytes, so the bad byte is at 15 + 9.
      #expect(run.standardError == "<stdin>: not UTF-8 text: byte 0xFF at offset 24\n")
      #expect(run.standardOutput.contains("> map x+1"))
    }
  }

  @Test func lessonAndAnswersFilesThatAreNotUTF8AreRefused() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let lesson = home.appendingPathComponent("lesson.txt")
      try (Data("title: T\n".utf8) + Data([0xC3, 0x28]) + Data("\n".utf8)).write(to: lesson)
      let run = try ProcessRun.streamlab(["run", lesson.path, "--check"], home: home)
      #expect(run.status == 2)
      #expect(run.standardError == "streamlab: \(lesson.path): not UTF-8 text: byte 0xC3 at offset 9\n")

      let good = home.appendingPathComponent("good.txt")
      try LessonRunEndToEndTests.lesson.write(to: good, atomically: true, encoding: .utf8)
      let answers = home.appendingPathComponent("answers.txt")
      try (Data("title: T\n".utf8) + Data([0xFE])).write(to: answers)
      let graded = try ProcessRun.streamlab(["run", good.path, "--answers", answers.path], home: home)
      #expect(graded.status == 1)
      #expect(graded.standardOutput.contains("\(answers.path): not UTF-8 text: byte 0xFE at offset 9"))
    }
  }
}
