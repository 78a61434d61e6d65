/// One line a debugging operator wrote during a run (`print`'s
/// `tag: receive value: (1)`, a `handleEvents` expression's value), with the
/// virtual time it was written at. Renderers show the log after the diagram,
/// never interleaved with it.
public struct LogLine: Hashable, Sendable {
  public var time: VirtualTime
  public var text: String

  public init(time: VirtualTime, text: String) {
    self.time = time
    self.text = text
  }
}
