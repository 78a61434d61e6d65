extension TextLayout.Row {
  /// One row's characters in `window`: its tokens, `-` while the row is
  /// live, blank once it has ended, `…` where it was still running.
  func marbles(in window: ClosedRange<Int>) -> [StyledText] {
    var out: [StyledText] = []
    var cursor = window.lowerBound
    var live = true
    func fill(upTo end: Int) {
      guard cursor < end else { return }
      var text = ""
      for column in cursor..<end {
        if !live {
          text += " "
        } else if let running = runningColumn, column >= running {
          if column == running {
            out.append(StyledText(text))
            out.append(StyledText("\u{2026}", .elided))
            text = ""
          } else {
            text += " "
          }
        } else {
          text += "-"
        }
      }
      out.append(StyledText(text))
      cursor = end
    }
    for placed in tokens {
      if placed.end <= window.lowerBound {
        live = placed.isLiveAfter
        continue
      }
      if placed.column > window.upperBound { break }
      fill(upTo: max(placed.column, window.lowerBound))
      if placed.column >= window.lowerBound && placed.end - 1 <= window.upperBound {
        out += placed.token.parts
        cursor = placed.end
      } else {
        // A token cut by the window's edge is left out with the rest of the cut.
        fill(upTo: min(placed.end, window.upperBound + 1))
      }
      live = placed.isLiveAfter
    }
    fill(upTo: window.upperBound + 1)
    return out.filter { !$0.text.isEmpty }
  }
}
