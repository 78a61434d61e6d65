import StreamCore

/// The first place where an answer's output differs from the expected output.
public enum OutputDifference: Hashable, CustomStringConvertible {
  /// Event by event: the `index`-th events (from 0); nil where a side has no more events.
  case event(index: Int, expected: TimelineEvent?, actual: TimelineEvent?)
  /// With `compare: values`: the `index`-th values (from 0).
  case value(index: Int, expected: Value?, actual: Value?)

  /// The first difference, or nil when the outputs are equal under `comparison`.
  public static func first(
    expected: [TimelineEvent], actual: [TimelineEvent], comparison: Comparison
  ) -> OutputDifference? {
    switch comparison {
    case .events:
      let expected = ExpectedOutput.comparable(expected)
      let actual = ExpectedOutput.comparable(actual)
      for index in 0..<max(expected.count, actual.count) {
        let lhs = index < expected.count ? expected[index] : nil
        let rhs = index < actual.count ? actual[index] : nil
        if lhs != rhs { return .event(index: index, expected: lhs, actual: rhs) }
      }
      return nil
    case .values:
      let expected = values(of: expected)
      let actual = values(of: actual)
      for index in 0..<max(expected.count, actual.count) {
        let lhs = index < expected.count ? expected[index] : nil
        let rhs = index < actual.count ? actual[index] : nil
        if lhs != rhs { return .value(index: index, expected: lhs, actual: rhs) }
      }
      return nil
    }
  }

  private static func values(of events: [TimelineEvent]) -> [Value] {
    events.compactMap { event in
      if case .value(let value) = event.kind { return value }
      return nil
    }
  }

  /// The difference in words: `expected "iph" at 500ms, got "iph" at 300ms`.
  public var description: String {
    switch self {
    case .event(_, let expected?, let actual?):
      return
        "expected \(Self.describe(expected.kind)) at \(expected.time), got \(Self.describe(actual.kind)) at \(actual.time)"
    case .event(_, let expected?, nil):
      return "expected \(Self.describe(expected.kind)) at \(expected.time), got nothing more"
    case .event(_, nil, let actual?):
      return "expected nothing more, got \(Self.describe(actual.kind)) at \(actual.time)"
    case .value(let index, let expected?, let actual?):
      return "expected \(expected) as value \(index + 1), got \(actual)"
    case .value(let index, let expected?, nil):
      return "expected \(expected) as value \(index + 1), got no more values"
    case .value(let index, nil, let actual?):
      return "expected only \(index) value\(index == 1 ? "" : "s"), got \(actual) as value \(index + 1)"
    case .event(_, nil, nil), .value(_, nil, nil):
      return "no difference"
    }
  }

  /// `"iph"`, `finished`, `failure "boom"`.
  static func describe(_ kind: TimelineEvent.Kind) -> String {
    switch kind {
    case .value(let value): return value.description
    case .finished: return "finished"
    case .failed(let message): return "failure \(Value.string(message))"
    case .subscribed: return "subscribed"
    case .requested(let demand): return "request \(demand)"
    case .cancelled: return "cancelled"
    case .dropped(let value): return "dropped \(value)"
    }
  }
}
