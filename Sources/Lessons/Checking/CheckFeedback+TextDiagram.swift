import Marbles
import StreamLang

extension CheckFeedback {
  /// Feedback drawn with the Marbles module's text diagrams, `width` columns
  /// wide, coloured only when `color` is true.
  public init(width: Int, color: Bool) {
    let options = DiagramOptions(width: width, color: color)
    self.init(width: width, draw: { TextDiagram.render($0, options: options) })
  }
}
