import StreamCore

/// Writes output events in the `events` syntax a teacher would type after
/// `expect:`: `500ms:"iph", 1000ms:"ipho", 1200ms:|`.
public enum EventsText {
  /// The events as `expect:` text, or nil when one of them cannot be written
  /// in the language (a value that is itself a stream).
  public static func format(_ events: some Sequence<TimelineEvent>) -> String? {
    var parts: [String] = []
    for event in events {
      switch event.kind {
      case .value(let value):
        guard let literal = literal(value) else { return nil }
        parts.append("\(event.time):\(literal)")
      case .finished:
        parts.append("\(event.time):|")
      case .failed(let message):
        parts.append("\(event.time):#\(Value.string(message))")
      default:
        continue
      }
    }
    return parts.isEmpty ? ExpectedOutput.nothingKeyword : parts.joined(separator: ", ")
  }

  private static func literal(_ value: Value) -> String? {
    switch value {
    case .stream: return nil
    case .array(let items), .tuple(let items):
      return items.allSatisfy({ literal($0) != nil }) ? value.description : nil
    default: return value.description
    }
  }
}
