import Lessons
import StreamLab
import StreamLang

/// The fuzzer's starting inputs and its dictionary, built from what the
/// project already holds: the keyword table's examples, the `:help` demos and
/// the lessons' demos, givens and solutions.
public enum SeedCorpus {
  /// Seed programs for the program target, without duplicates, in a stable order:
  /// every keyword's example, then `completePrograms`.
  public static func programs(lessons: [(fileName: String, text: String)]) -> [String] {
    // An operator's example is one stage; a source in front makes it a
    // program. Some need a bound name (`merge b`) and are refused: still useful seeds.
    let examples =
      Keywords.sources.map(\.example) + Keywords.operators.map { "just 1,2,3 | \($0.example)" }
      + Keywords.statements.map(\.example)
    var seen = Set<String>()
    return (examples + completePrograms(lessons: lessons) + typeErrors).filter {
      !$0.isEmpty && seen.insert($0).inserted
    }
  }

  /// Programs the type checker refuses, one per kind of type error, so the
  /// fuzzer starts next to each rule (issue 15).
  public static let typeErrors: [String] = [
    #"just 1, "a""#, #"just 1,2,3 | map x + "a""#, #"just 1 | merge { just "a" }"#,
    #"just 1 | merge { fail "x" }"#, #"marbles "-1-#" | catch { just "a" }"#, "just (1, 2) | removeDuplicates",
    "just 1 | map fail(\"x\")", "just 1 | switchToLatest", "just 1 | flatMap x", "just true | max",
    #"just 1 | tryMap x | zip { just 2 }"#, "range 1...3 | filter x + 1", #"just 1 | scan 0, acc + "a""#,
    #"empty | map x * 2 | replaceError "a""#, #"events 0ms:1, 50ms:"b""#,
  ]

  /// The help demos, the lessons' demos and each exercise's givens followed by its solution:
  /// whole programs, which all run.
  public static func completePrograms(lessons: [(fileName: String, text: String)]) -> [String] {
    var programs = HelpExamples.programs
    for (fileName, text) in lessons {
      let file = LessonParser().parse(text, fileName: fileName).file
      programs += file.demos.map(\.text)
      for exercise in file.exercises {
        if let solution = exercise.solution?.text {
          programs.append((exercise.givens.map(\.text) + [solution]).joined(separator: "\n"))
        }
      }
    }
    return programs
  }

  /// Seed lessons for the lesson target: each exercise of each lesson as a
  /// small lesson of its own (header and that exercise), so seeds stay short.
  public static func lessons(_ lessons: [(fileName: String, text: String)]) -> [String] {
    var seeds: [String] = []
    for (fileName, text) in lessons {
      let file = LessonParser().parse(text, fileName: fileName).file
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      let header = "lesson: \(file.number ?? 1)\ntitle: \(file.title)\n\n"
      let starts = file.exercises.map { $0.line - 1 } + [lines.count]
      for (start, end) in zip(starts, starts.dropFirst()) where start >= 0 && start < end && end <= lines.count {
        seeds.append(header + lines[start..<end].joined(separator: "\n") + "\n")
      }
    }
    return seeds
  }

  /// A libFuzzer dictionary (`-dict=`): every keyword, lesson field and piece of syntax.
  public static var dictionary: String {
    let syntax = [
      " | ", "|", "{", "}", "{ a, b in ", " in ", "let ", "connect ", " = ", "@", "ms", "s", "...", "..<", ",", ":",
      "\"", "x", "acc", "$0", "==", "!=", "<=", "&&", "||", "!", "?", "%", "(", ")", "[", "]", "\n", "#", "-",
      "> ", "    ", "where ", "while ", " or ", "latest: ", "max ", "at ", "frame ", "true", "false", "nil",
    ]
    let fields = LessonField.allCases.map { "\($0.rawValue): " } + ["events", "marbles", "values"]
    let entries = Keywords.all.map(\.name) + fields + syntax
    var seen = Set<String>()
    return entries.filter { seen.insert($0).inserted }.enumerated().map { index, entry in
      "k\(index)=\"\(escaped(entry))\""
    }.joined(separator: "\n") + "\n"
  }

  /// libFuzzer's dictionary quoting: `\\`, `\"` and `\xNN` for bytes outside printable ASCII.
  private static func escaped(_ entry: String) -> String {
    entry.utf8.map { byte -> String in
      switch byte {
      case UInt8(ascii: "\\"): return "\\\\"
      case UInt8(ascii: "\""): return "\\\""
      case 0x20..<0x7F: return String(UnicodeScalar(byte))
      default: return "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
      }
    }.joined()
  }
}
