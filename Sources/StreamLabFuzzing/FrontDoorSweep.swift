import Foundation
import Lessons
import StreamLab

/// Every prefix and every suffix, by character, of every program the
/// project shows (the lessons' demos, givens and solutions, the README's
/// `streamlab eval` examples, DSL.md's examples), each sent through the
/// front door as `RawBytesTarget` sends a typed input. A cut program is what
/// a student has half typed, or continues on the next line (`| map x * 2`):
/// issue 26 found 274 such inputs that trapped. `streamlab-fuzz sweep` runs
/// all of them; `FrontDoorSweepTests` a sample.
public enum FrontDoorSweep {
  /// The programs to cut: lessons' demos and exercises (givens with each
  /// solution), then the examples of each markdown document, in a stable order without duplicates.
  public static func programs(lessons: [(fileName: String, text: String)], documents: [String]) -> [String] {
    var seen = Set<String>()
    return (SeedCorpus.completePrograms(lessons: lessons) + documents.flatMap(examples(inMarkdown:)))
      .filter { !$0.isEmpty && seen.insert($0).inserted }
  }

  /// Every non-empty prefix and suffix of `program`, by character, without duplicates.
  public static func cuts(of program: String) -> [String] {
    let characters = Array(program)
    var seen = Set<String>()
    var inputs: [String] = []
    for length in 1...max(1, characters.count) where length <= characters.count {
      for cut in [String(characters[..<length]), String(characters[(characters.count - length)...])]
      where seen.insert(cut).inserted {
        inputs.append(cut)
      }
    }
    return inputs
  }

  /// The examples of a markdown page: the program of each `streamlab eval '…'`,
  /// each line of an indented code block that is not a shell command or
  /// output, and each code span of a table's last column (DSL.md's **must run**).
  static func examples(inMarkdown text: String) -> [String] {
    var programs: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if let range = line.range(of: "streamlab eval '") {
        let rest = line[range.upperBound...]
        if let end = rest.lastIndex(of: "'") { programs.append(String(rest[..<end])) }
      } else if line.hasPrefix("    "), !line.hasPrefix("     "), !line.contains("$ "), !line.contains("»") {
        programs.append(String(line.dropFirst(4)))
      } else if line.hasPrefix("|"), line.hasSuffix("|") {
        // A table cell escapes the pipe it holds: `\|`.
        let cells = line.replacingOccurrences(of: "\\|", with: "\u{1}").split(separator: "|")
        guard let last = cells.last, let start = last.firstIndex(of: "`"), let end = last.lastIndex(of: "`"),
          start < end
        else { continue }
        programs.append(String(last[last.index(after: start)..<end]).replacingOccurrences(of: "\u{1}", with: "|"))
      }
    }
    return programs
  }

  /// One failure of the sweep: the input and what went wrong.
  public struct Failure: CustomStringConvertible {
    public var input: String
    public var problem: String
    public var description: String { "\(problem): \(String(reflecting: input))" }
  }

  /// Sends `input` through the front door; a failure when its exit status is
  /// above 2 (a trap ends the process instead, and a hang never returns: both
  /// fail the caller too).
  public static func check(_ input: String) -> Failure? {
    var settings = ReplSettings()
    settings.horizon = FuzzLimits.horizonInterval
    settings.maxEvents = FuzzLimits.maxEvents
    var session = ReplSession(settings: settings)
    _ = session.submit(input)
    let answer = FrontDoor.evaluate(FrontDoorRequest(input, settings: settings, options: FuzzLimits.runOptions))
    guard answer.exitStatus <= 2 else { return Failure(input: input, problem: "exit status \(answer.exitStatus)") }
    if case .invalid(let diagnostics, _) = answer.outcome, diagnostics.isEmpty {
      return Failure(input: input, problem: "refused without a message")
    }
    return nil
  }
}
