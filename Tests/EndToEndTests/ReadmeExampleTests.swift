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

  /// The README's pasted view model (the indented Swift above its
  /// `$ streamlab eval -f SearchViewModel.swift` line) and what it shows.
  static func viewModelExample() throws -> (swift: String, output: String) {
    try pastedExample("SearchViewModel.swift")
  }

  /// The indented Swift above a `$ streamlab eval -f FILE` line, from its
  /// `import Combine`, and the lines it shows.
  static func pastedExample(_ file: String) throws -> (swift: String, output: String) {
    let lines = try String(contentsOf: readme, encoding: .utf8).components(separatedBy: "\n")
    let prompt = try #require(lines.firstIndex(of: "    $ streamlab eval -f \(file)"))
    // The paste runs from its `import Combine` to the blank line before the prompt.
    let codeEnd = prompt - 1
    let codeStart = try #require(lines[..<prompt].lastIndex(of: "    import Combine"))
    let swift = lines[codeStart..<codeEnd].map { $0.isEmpty ? "" : String($0.dropFirst(4)) }
    let output = lines[(prompt + 1)...].prefix { !$0.isEmpty }.map { String($0.dropFirst(4)) }
    return (swift.joined(separator: "\n") + "\n", output.joined(separator: "\n") + "\n")
  }

  @Test func thePastedViewModelShowsWhatTheReadmeShows() throws {
    let example = try Self.viewModelExample()
    #expect(example.swift.hasPrefix("import Combine\n"))
    let home = try StreamlabBinary.temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let file = home.appendingPathComponent("SearchViewModel.swift")
    try example.swift.write(to: file, atomically: true, encoding: .utf8)
    let run = try ProcessRun.streamlab(["eval", "-f", file.path, "--width", "80"], home: home)
    #expect(run.status == 0, "stderr: \(run.standardError)")
    #expect(run.standardOutput == example.output)
  }

  @Test func theLeakingStopwatchAndItsFixShowWhatTheReadmeShows() throws {
    let leaking = try Self.pastedExample("Stopwatch.swift")
    #expect(leaking.output.contains("note: leak: Stopwatch is never released"))
    // The fix is the same paste with the one `sink` line the README names.
    let strong = ".sink { _ in self.seconds += 1 }"
    let weak = ".sink { [weak self] _ in self?.seconds += 1 }"
    #expect(leaking.swift.contains(strong))
    let lines = try String(contentsOf: Self.readme, encoding: .utf8).components(separatedBy: "\n")
    let fixPrompt = try #require(lines.firstIndex(of: "    $ streamlab eval -f StopwatchWeakSelf.swift"))
    let fixOutput = lines[(fixPrompt + 1)...].prefix { !$0.isEmpty }.map { String($0.dropFirst(4)) }
    let examples = [
      ("Stopwatch.swift", leaking.swift, leaking.output),
      (
        "StopwatchWeakSelf.swift", leaking.swift.replacingOccurrences(of: strong, with: weak),
        fixOutput.joined(separator: "\n") + "\n"
      ),
    ]
    let home = try StreamlabBinary.temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    for (name, swift, output) in examples {
      let file = home.appendingPathComponent(name)
      try swift.write(to: file, atomically: true, encoding: .utf8)
      let run = try ProcessRun.streamlab(["eval", "-f", file.path, "--width", "80"], home: home)
      #expect(run.status == 0, "stderr: \(run.standardError)")
      #expect(run.standardOutput == output, "\(name)")
    }
  }

  @Test func theReadmeHasEvalExamples() throws {
    #expect(try Self.examples().count == 11)
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
