/// What the lesson runner must do after one step: text to print, effects to
/// carry out, and the prompt for the next line.
public struct SessionOutput: Hashable {
  public var text: String
  public var effects: [SessionEffect]
  /// The prompt to show before the next line; nil once the session is over.
  public var prompt: String?
  /// The program an answer was checked as (the exercise's givens, then the
  /// answer), so the playground's `:swift`, `:trace` and `:events` can show that run.
  public var checkedProgram: String?

  public init(text: String, effects: [SessionEffect] = [], prompt: String?) {
    self.text = text
    self.effects = effects
    self.prompt = prompt
  }

  public var isFinished: Bool { prompt == nil }
}

/// Something the lesson runner asks its caller to do to the outside world.
public enum SessionEffect: Hashable {
  /// Write `text` (the lesson file with `answer` in exercise `exercise`'s
  /// `answer:` line, every other byte unchanged) back to the lesson file.
  case writeAnswer(exercise: Int, answer: String, text: String)
  /// Save the student's progress.
  case saveProgress(Progress)
}
