import StreamCore

/// How a diagram is drawn: the caller decides these from the terminal and the
/// command line (`COLUMNS`, `--scale`, `--color`, `NO_COLOR`).
public struct DiagramOptions: Hashable {
  /// The columns a text diagram may use, labels included.
  public var width: Int
  /// The time one column (one marble frame) stands for; nil lets the diagram
  /// choose the coarsest frame that keeps every event time exact and fits `width`.
  public var scale: VirtualInterval?
  /// ANSI colours for values, errors and completion. Off for anything that is
  /// not a terminal.
  public var color: Bool
  /// The widest value written inline; wider ones become legend letters.
  public var maxInlineWidth: Int

  public init(width: Int = 80, scale: VirtualInterval? = nil, color: Bool = false, maxInlineWidth: Int = 4) {
    self.width = width
    self.scale = scale
    self.color = color
    self.maxInlineWidth = maxInlineWidth
  }
}
