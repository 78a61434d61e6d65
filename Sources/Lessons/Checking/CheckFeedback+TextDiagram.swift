import Marbles
import StreamLang

extension CheckFeedback {
  /// Feedback drawn with the Marbles module's text diagrams, `width` columns
  /// wide, coloured only when `color` is true.
  public init(width: Int, color: Bool) {
    let options = DiagramOptions(width: width, color: color)
    self.init(draw: { TextDiagram.render($0, options: options) })
  }
}

extension LessonTools {
  /// The tools on the real interpreter, with plain (never coloured) diagrams for reports.
  public static func standard(
    width: Int, options: RunOptions = RunOptions(), promptCommands: [String]? = nil
  ) -> LessonTools {
    LessonTools(
      runner: InterpreterRunner(options: options), feedback: CheckFeedback(width: width, color: false),
      promptCommands: promptCommands)
  }
}
