import Lessons
import StreamLab

extension CheckFeedback {
  /// Lesson feedback at a terminal, `width` columns wide: Ctrl-C (the
  /// `InterruptFlag`) stops a long drawing as it stops a long run.
  static func atTerminal(width: Int, color: Bool) -> CheckFeedback {
    CheckFeedback(
      width: width, color: color,
      drawing: InterruptibleDrawing(
        isInterrupted: { InterruptFlag.isRaised },
        clearInterrupt: { InterruptFlag.clear() }))
  }
}
