/// One command of the lesson prompt itself, such as `:hint` or `:skip`. The
/// playground's commands (`:help NAME`, `:swift`, `:trace`, …) are not here:
/// StreamLab's `LessonPrompt` hands them to the REPL's own handling.
public enum LessonSessionCommand: Equatable, CaseIterable {
  case hint
  case expected
  case prose
  case skip
  case back
  case solution
  case quit

  /// The name a student types, with its colon.
  public var name: String {
    switch self {
    case .hint: return ":hint"
    case .expected: return ":expected"
    case .prose: return ":prose"
    case .skip: return ":skip"
    case .back: return ":back"
    case .solution: return ":solution"
    case .quit: return ":quit"
    }
  }

  /// What the command does, in one line of the prompt's `:help`.
  public var summary: String {
    switch self {
    case .hint: return "the next hint"
    case .expected: return "the exercise's streams and expected output again"
    case .prose: return "the lesson's text and demos up to this exercise"
    case .skip: return "go to the next exercise"
    case .back: return "go to the previous exercise"
    case .solution: return "the teacher's solution (after you pass)"
    case .quit: return "stop here; your progress is saved"
    }
  }

  /// The command a trimmed `:` line names, or nil when it is none of these.
  /// `:q` is `:quit`, as in the playground.
  public static func parse(_ line: some StringProtocol) -> LessonSessionCommand? {
    if line == ":q" { return .quit }
    return allCases.first { $0.name == line }
  }

  /// `  :hint      the next hint`, one line per command.
  public static var helpLines: [String] {
    let width = allCases.map(\.name.count).max() ?? 0
    return allCases.map { "  " + $0.name + String(repeating: " ", count: width + 2 - $0.name.count) + $0.summary }
  }
}
