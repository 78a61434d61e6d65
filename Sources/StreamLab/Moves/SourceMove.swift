import StreamCore
import StreamLang

/// Rewrites a program so that one value or completion of a row drawn from a
/// `marbles` or `events` literal happens at another time: the browser
/// playground's drag. Only that literal's text changes.
public enum SourceMove {
  /// Why a move cannot be made, in words for the student.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  /// One event of the literal, at its offset from the subscription.
  private struct Placed {
    var offset: VirtualInterval
    var isTerminal: Bool
    /// Its text in the rewritten literal: a marble token, or an `events` send.
    var text: (VirtualInterval) -> String
  }

  /// `text` with event `index` of `row` (counted as the JSON document's
  /// `events` are: subscription, values, completion, cancellation) moved to
  /// `time`. A marble snaps to its frame; a value never moves past the
  /// completion, nor the completion before a value.
  public static func apply(
    to text: String, source: MovableSource, row: Timeline, event index: Int, time: VirtualTime
  ) -> Result<String, Failure> {
    let shown = row.marbleEvents
    guard shown.indices.contains(index) else {
      return .failure(Failure(description: "row \(row.label) has events 0 to \(shown.count - 1), not \(index)"))
    }
    let movable = shown.indices.filter { shown[$0].isMovable }
    guard let ordinal = movable.firstIndex(of: index) else {
      return .failure(Failure(description: "only a value or a completion can move, not a \(shown[index].kindName)"))
    }
    let start = shown.first(where: { $0.kind == .subscribed })?.time ?? .zero
    var placed = events(of: source, in: text)
    guard placed.indices.contains(ordinal), start.advanced(by: placed[ordinal].offset) == shown[index].time else {
      return .failure(Failure(description: "the row's events do not match its source; run the program again"))
    }
    var offset = max(.zero, start.distance(to: time))
    if let frame = source.frame {
      offset = VirtualInterval(
        nanoseconds: Int((Double(offset.nanoseconds) / Double(frame.nanoseconds)).rounded()) &* frame.nanoseconds)
    } else {
      offset = .milliseconds(Int((Double(offset.nanoseconds) / 1e6).rounded()))
    }
    let others = placed.indices.filter { $0 != ordinal }
    if placed[ordinal].isTerminal {
      offset = others.map { placed[$0].offset }.reduce(offset, max)
    } else if let end = others.filter({ placed[$0].isTerminal }).map({ placed[$0].offset }).min() {
      offset = min(offset, end)
    }
    placed[ordinal].offset = offset
    // Stable: events at one instant keep their order, a completion last.
    let ordered = placed.enumerated().sorted {
      ($0.element.offset, $0.element.isTerminal ? 1 : 0, $0.offset) < (
        $1.element.offset, $1.element.isTerminal ? 1 : 0, $1.offset
      )
    }.map(\.element)
    switch source {
    case .marbles(_, let range, let frame):
      // A marble string spends a character per frame: a drag far along a
      // fine frame (`frame 0.5us`, moved to 100s) would spell hundreds of
      // millions of dashes, so the move is refused instead (found by fuzzing).
      let frames = ordered.map { $0.offset.nanoseconds / max(1, frame.nanoseconds) }.max() ?? 0
      guard frames <= Self.maximumFrames else {
        return .failure(
          Failure(
            description: "moving it there would make the marble string \(frames) frames long; "
              + "streamlab lays out at most \(Self.maximumFrames): use `events` for long gaps"))
      }
      return .success(replacing(range, in: text, with: TextEscaping.swiftStringLiteral(layout(ordered, frame: frame))))
    case .events(let sends):
      let range = SourceRange(
        start: sends.map(\.range.start).min() ?? 0, end: sends.map(\.range.end).max() ?? 0)
      return .success(replacing(range, in: text, with: ordered.map { $0.text($0.offset) }.joined(separator: ", ")))
    }
  }

  /// The literal's events in the order its source sends them.
  private static func events(of source: MovableSource, in text: String) -> [Placed] {
    switch source {
    case .marbles(let diagram, _, let frame):
      guard let marbles = try? MarbleDiagram(diagram, frame: frame) else { return [] }
      return marbles.events.map { event in
        let token = MarbleSpelling.text(for: event.kind)
        return Placed(offset: event.offset, isTerminal: event.kind.isTerminal, text: { _ in token })
      }
    case .events(let sends):
      let bytes = Array(text.utf8)
      let indexed = sends.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
      return indexed.map { _, send in
        let before = String(decoding: bytes[send.range.start..<send.timeRange.start], as: UTF8.self)
        let after = String(decoding: bytes[send.timeRange.end..<send.range.end], as: UTF8.self)
        let original = send.time
        let originalText = String(decoding: bytes[send.timeRange.start..<send.timeRange.end], as: UTF8.self)
        return Placed(
          offset: send.time, isTerminal: send.isTerminal,
          text: { offset in before + (offset == original ? originalText : "\(offset.nanoseconds / 1_000_000)ms") + after
          })
      }
    }
  }

  /// A marble string with one character per frame: `-`, an event, or a
  /// group `(ab)` of the events at one instant.
  /// The longest marble string a move lays out, in frames.
  public static let maximumFrames = 10_000

  private static func layout(_ events: [Placed], frame: VirtualInterval) -> String {
    let slots = events.map { Int((Double($0.offset.nanoseconds) / Double(frame.nanoseconds)).rounded()) }
    guard let last = slots.max() else { return "" }
    var diagram = ""
    for slot in 0...last {
      let here = events.indices.filter { slots[$0] == slot }.map { events[$0].text(events[$0].offset) }
      switch here.count {
      case 0: diagram += "-"
      case 1: diagram += here[0]
      default: diagram += "(" + here.joined() + ")"
      }
    }
    return diagram
  }

  private static func replacing(_ range: SourceRange, in text: String, with replacement: String) -> String {
    let bytes = Array(text.utf8)
    let start = max(0, min(range.start, bytes.count))
    let end = max(start, min(range.end, bytes.count))
    return String(decoding: bytes[..<start], as: UTF8.self) + replacement
      + String(decoding: bytes[end...], as: UTF8.self)
  }
}

extension TimelineEvent {
  fileprivate var isMovable: Bool {
    switch kind {
    case .value, .finished, .failed: return true
    default: return false
    }
  }

  fileprivate var kindName: String {
    switch kind {
    case .subscribed: return "subscription"
    case .cancelled: return "cancellation"
    default: return "demand"
    }
  }
}

extension TimedEvent.Kind {
  fileprivate var isTerminal: Bool {
    if case .value = self { return false }
    return true
  }
}
