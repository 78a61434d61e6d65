import StreamCore

/// The two lines under a text diagram: tick marks, then tick labels in
/// milliseconds (`0    250  500  750ms`).
struct AxisRuler {
  let frame: VirtualInterval
  /// Columns between two ticks.
  let tickSpacing: Int

  /// Chooses ticks far enough apart for their labels, at round times when the
  /// frame allows (every 250ms rather than every 150ms).
  init(frame: VirtualInterval, lastColumn: Int) {
    self.frame = frame
    let step = max(frame.nanoseconds, 1)
    let (last, overflow) = lastColumn.multipliedReportingOverflow(by: step)
    let widest = Milliseconds.text(overflow ? Int.max : last).count
    let minimum = widest + 2
    let round = FrameCandidates.roundValues()
    if let time = round.first(where: { $0 % step == 0 && $0 / step >= minimum }) {
      tickSpacing = time / step
    } else {
      tickSpacing = round.first { $0 >= minimum } ?? minimum
    }
  }

  /// The tick line and the label line for the columns of `window` up to
  /// `lastColumn`; `isLast` adds the `ms` unit after the final label.
  /// `room` is how many columns the last window's labels may use past its end.
  func lines(window: ClosedRange<Int>, lastColumn: Int, isLast: Bool, room: Int) -> (ticks: String, labels: String) {
    guard window.lowerBound <= lastColumn else { return ("", "") }
    let upper = min(window.upperBound, lastColumn)
    var ticks = ""
    var labels = ""
    var labelEnd = window.lowerBound  // first column the next label may use
    for column in window.lowerBound...upper {
      // A cut-off window starts with a label of its own, so its times can be read.
      let isTick = column % tickSpacing == 0 || (column == window.lowerBound && column > 0)
      ticks += isTick ? "+" : "-"
      guard isTick, column >= labelEnd else { continue }
      let (time, overflow) = column.multipliedReportingOverflow(by: max(frame.nanoseconds, 1))
      let text = Milliseconds.text(overflow ? Int.max : time)
      // A label may run past the window only at the far right of the diagram,
      // into the room left there, keeping two columns for "ms".
      let limit = isLast ? window.upperBound + 1 + room - 2 : window.upperBound + 1
      guard column + text.count <= limit else { continue }
      labels += String(repeating: " ", count: column - window.lowerBound - labels.count) + text
      labelEnd = column + text.count + 1
    }
    if isLast && labels.contains(where: { $0 != " " }) {
      labels += "ms"
    } else if labels.count < window.count {
      // Keep the next window's labels under its own columns.
      labels += String(repeating: " ", count: window.count - labels.count)
    }
    return (ticks, labels)
  }
}
