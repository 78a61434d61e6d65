import StreamCore
import StreamLang

/// The `marbles "…"` or `events …` literal a row of a diagram was drawn
/// from: what the browser playground lets a student drag. A row is drawn
/// from one when it is a pipeline's source row, or an inner row labelled
/// with a bound name, and that source is the literal itself or a name bound
/// to one (through any chain of `let`s without operators); or the inner row
/// of a bound pipeline's source (`let a = marbles "-a|" | map x; a` draws
/// `marbles "-a|"` under `a`).
public enum MovableSource: Hashable {
  /// `marbles "-a-b|"`: its string literal's range (quotes included) and frame.
  case marbles(diagram: String, literalRange: SourceRange, frame: VirtualInterval)
  /// `events 0ms:"i", 100ms:"ip"`: each send with its literal time.
  case events([Send])

  /// One `T:event` of an `events` literal.
  public struct Send: Hashable {
    public var time: VirtualInterval
    public var timeRange: SourceRange
    public var range: SourceRange
    public var isTerminal: Bool
  }

  /// The frame a dragged marble snaps to; nil for `events`, which move by the millisecond.
  public var frame: VirtualInterval? {
    if case .marbles(_, _, let frame) = self { return frame }
    return nil
  }

  /// The movable source of each row of `result` that has one, by row index.
  public static func rows(of result: RunResult, program: Program) -> [Int: MovableSource] {
    let subscriptions = program.statements.compactMap { statement -> Pipeline? in
      if case .subscription(let pipeline, _, _) = statement { return pipeline }
      return nil
    }
    var bindings: [String: Pipeline] = [:]
    for statement in program.statements {
      if case .binding(let name, let pipeline, _) = statement { bindings[name.text] = pipeline }
    }
    var movable: [Int: MovableSource] = [:]
    for (index, row) in result.rows.enumerated() {
      let source: SourceStage?
      if row.isStageRow, row.stage == 0, subscriptions.indices.contains(row.pipeline) {
        source = subscriptions[row.pipeline].source
      } else if let inner = row.inner, inner.stageOfInner == nil, let bound = bindings[row.label] {
        source = bound.operators.isEmpty ? bound.source : nil
      } else if let inner = row.inner, inner.stageOfInner == 0 {
        source = bindings.values.first { text(of: $0.source.range, in: program.text) == row.label }?.source
      } else {
        source = nil
      }
      if let source, let found = literal(source, bindings: bindings, depth: 0) { movable[index] = found }
    }
    return movable
  }

  private static func text(of range: SourceRange, in text: String) -> String {
    let bytes = Array(text.utf8)
    guard range.start >= 0, range.start <= range.end, range.end <= bytes.count else { return "" }
    return String(decoding: bytes[range.start..<range.end], as: UTF8.self)
  }

  /// The literal `source` stands for, following names bound to bare sources.
  private static func literal(_ source: SourceStage, bindings: [String: Pipeline], depth: Int) -> MovableSource? {
    guard depth < 100 else { return nil }
    switch source.kind {
    case .marbles(let diagram, let range, let frameExpression):
      var frame = VirtualInterval.milliseconds(100)
      if let frameExpression {
        guard case .time(let written) = frameExpression.kind, written.nanoseconds > 0 else { return nil }
        frame = written
      }
      return .marbles(diagram: diagram, literalRange: range, frame: frame)
    case .events(let sends):
      var found: [Send] = []
      for send in sends {
        guard case .time(let time) = send.time.kind else { return nil }
        let isTerminal: Bool
        switch send.event {
        case .value: isTerminal = false
        case .finished, .failed: isTerminal = true
        }
        found.append(Send(time: time, timeRange: send.time.range, range: send.range, isTerminal: isTerminal))
      }
      return found.isEmpty ? nil : .events(found)
    case .name(let name):
      guard let bound = bindings[name.text], bound.operators.isEmpty else { return nil }
      return literal(bound.source, bindings: bindings, depth: depth + 1)
    case .group(let pipeline):
      guard pipeline.operators.isEmpty else { return nil }
      return literal(pipeline.source, bindings: bindings, depth: depth + 1)
    default:
      return nil
    }
  }
}
