import StreamlabCommandLine

/// Where `streamlab watch` shows its screens. At a capable terminal each
/// screen replaces the last one (clear, cursor home) with the cursor hidden;
/// otherwise (output to a file or pipe, `TERM=dumb`) screens follow one
/// another below a rule, with no escapes at all.
///
/// Only standard output is written, so it behaves the same in any terminal
/// and over SSH.
struct WatchScreen {
  /// Redraw in place with escapes.
  let inPlace: Bool
  /// The line between screens when not in place.
  let rule: String
  private var shownBefore = false

  static let hideCursor = "\u{1B}[?25l"
  static let showCursor = "\u{1B}[?25h"
  /// Cursor home, erase the screen and the scrollback, so a screen taller
  /// than the window leaves only its own lines to scroll back to.
  static let clear = "\u{1B}[H\u{1B}[2J\u{1B}[3J"

  init(inPlace: Bool, rule: String) {
    self.inPlace = inPlace
    self.rule = rule
  }

  /// Sets the terminal up for screens (again, after a Ctrl-Z'd watch is brought back).
  func begin() {
    if inPlace { StandardStream.output.write(Self.hideCursor) }
  }

  /// Leaves the terminal as it was found: the cursor shown.
  func end() {
    if inPlace { StandardStream.output.write(Self.showCursor) }
  }

  /// Shows `text` instead of the screen before.
  mutating func show(_ text: String) {
    if inPlace {
      StandardStream.output.write(Self.clear + text + "\n")
    } else {
      StandardStream.output.write((shownBefore ? rule + "\n" : "") + text + "\n")
    }
    shownBefore = true
  }
}
