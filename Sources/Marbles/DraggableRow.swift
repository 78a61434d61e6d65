import StreamCore

/// A row drawn from a `marbles "…"` or `events …` literal, whose values and
/// completion the browser playground lets a student drag along the axis.
public struct DraggableRow: Hashable {
  /// The marble string's frame, which a dragged marble snaps to; nil for `events`.
  public var frame: VirtualInterval?

  public init(frame: VirtualInterval?) {
    self.frame = frame
  }
}
