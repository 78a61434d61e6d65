import Lessons
import Marbles
import StreamCore

/// Draws runs so that Ctrl-C always wins: the playground and a lesson at a
/// terminal draw through it.
///
/// A run of a million events takes seconds to draw. The drawing happens on
/// an `InterruptibleWork` thread; after a Ctrl-C (one that stopped the run,
/// or one pressed while it is drawn) the run is drawn at once from the ends
/// of its rows, and a second Ctrl-C leaves no diagram at all.
public struct InterruptibleDrawing {
  public var isInterrupted: () -> Bool
  public var clearInterrupt: () -> Void

  public init(isInterrupted: @escaping () -> Bool, clearInterrupt: @escaping () -> Void) {
    self.isInterrupted = isInterrupted
    self.clearInterrupt = clearInterrupt
  }

  /// `draw(result)`, or the drawing of the ends of its rows after a Ctrl-C;
  /// nil after a second one.
  public func draw(_ result: RunResult, with draw: @escaping (RunResult) -> String) -> String? {
    let interruptedAlready = result.stop == .interrupted || isInterrupted()
    if !interruptedAlready, let whole = InterruptibleWork.run(isInterrupted: isInterrupted, { draw(result) }) {
      return whole
    }
    clearInterrupt()
    let ends = result.keepingEndsOfRows(RunResult.eventsDrawnAfterInterrupt)
    return InterruptibleWork.run(isInterrupted: isInterrupted) { draw(ends) }
  }
}

extension CheckFeedback {
  /// Feedback at a terminal: diagrams at `width`, drawn so that Ctrl-C
  /// stops a long drawing as it stops a long run.
  public init(width: Int, color: Bool, drawing: InterruptibleDrawing) {
    let options = DiagramOptions(width: width, color: color)
    self.init(
      width: width,
      draw: { result in
        drawing.draw(result) { TextDiagram.render($0, options: options) } ?? "(drawing stopped by Ctrl-C)"
      })
  }
}
