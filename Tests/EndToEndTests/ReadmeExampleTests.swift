import Foundation
import Testing

/// The README shows what the code does: every `$ streamlab eval '…'` example
/// in it prints exactly the lines written under it, at 80 columns.
@Suite struct ReadmeExampleTests {
  struct Example: CustomTestStringConvertible, Sendable {
    let program: String
    /// `--swift` for an example of pasted Swift.
    var options: [String] = []
    let output: String
    var testDescription: String { program }
  }

  static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../README.md").standardizedFileURL

  /// Each indented `$ streamlab eval 'PROGRAM'` line and the indented lines
  /// after it, up to the next blank line.
  static func examples() throws -> [Example] {
    let lines = try String(contentsOf: readme, encoding: .utf8).components(separatedBy: "\n")
    let prompts = ["    $ streamlab eval '": [String](), "    $ streamlab eval --swift '": ["--swift"]]
    var examples: [Example] = []
    for (index, line) in lines.enumerated() {
      guard line.hasSuffix("'"), let (prompt, options) = prompts.first(where: { line.hasPrefix($0.key) }) else {
        continue
      }
      let program = String(line.dropFirst(prompt.count).dropLast())
      let output = lines[(index + 1)...].prefix { !$0.isEmpty }.map { String($0.dropFirst(4)) }
      examples.append(Example(program: program, options: options, output: output.joined(separator: "\n") + "\n"))
    }
    return examples
  }

  @Test func theReadmeHasEvalExamples() throws {
    #expect(try Self.examples().count == 5)
  }

  @Test(arguments: try examples())
  func evalPrintsWhatTheReadmeShows(_ example: Example) throws {
    let home = try StreamlabBinary.temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let run = try ProcessRun.streamlab(["eval"] + example.options + [example.program, "--width", "80"], home: home)
    #expect(run.status == 0)
    #expect(run.standardOutput == example.output)
  }
}
