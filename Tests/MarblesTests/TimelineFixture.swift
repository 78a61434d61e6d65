import Foundation
import StreamCore

/// Builds timelines for tests from a compact text in the DSL's `events` style:
/// `0ms:1, 100ms:"ip", 450ms:|`, plus `#"msg"` (failed), `^` (subscribed), `!`
/// (cancelled), `×"b"` (dropped), `?1` (requested one) and `?*` (requested unlimited). A row subscribes at 0 unless its text holds a `^`.
enum TimelineFixture {
  static func row(
    _ label: String, _ text: String, pipeline: Int = 0, stage: Int = 0, output: Bool = false
  ) -> Timeline {
    var events: [TimelineEvent] = []
    for item in split(text) {
      guard let colon = item.firstIndex(of: ":") else { continue }
      let time = parseTime(String(item[..<colon]))
      events.append(TimelineEvent(time: time, kind: parseKind(String(item[item.index(after: colon)...]))))
    }
    if !events.contains(where: { $0.kind == .subscribed }) {
      events.insert(TimelineEvent(time: .zero, kind: .subscribed), at: 0)
    }
    return Timeline(label: label, pipeline: pipeline, stage: stage, isOutput: output, events: events)
  }

  /// A one-pipeline result whose last row is the output.
  static func result(
    _ rows: [(String, String)], notes: [String] = [], stop: RunStop = .idle, endTime: VirtualTime? = nil
  ) -> RunResult {
    let timelines = rows.enumerated().map { index, row in
      self.row(row.0, row.1, stage: index, output: index == rows.count - 1)
    }
    return RunResult(
      pipelines: [ShownPipeline(source: rows.map(\.0).joined(separator: " | "))], rows: timelines, notes: notes,
      stop: stop, endTime: endTime ?? lastTime(timelines))
  }

  static func lastTime(_ rows: [Timeline]) -> VirtualTime {
    rows.flatMap(\.events).map(\.time).max() ?? .zero
  }

  static func parseTime(_ text: String) -> VirtualTime {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.hasSuffix("us"), let micro = Int(trimmed.dropLast(2)) {
      return VirtualTime(nanoseconds: micro * 1_000)
    }
    if trimmed.hasSuffix("ms"), let milli = Int(trimmed.dropLast(2)) { return .milliseconds(milli) }
    return .zero
  }

  static func parseKind(_ text: String) -> TimelineEvent.Kind {
    switch text {
    case "|": return .finished
    case "^": return .subscribed
    case "!": return .cancelled
    case "?*": return .requested(.unlimited)
    default:
      if text.hasPrefix("?"), let count = Int(text.dropFirst()) { return .requested(.max(count)) }
      if text.hasPrefix("\u{00D7}") { return .dropped(parseValue(String(text.dropFirst()))) }
      if text.hasPrefix("#") { return .failed(String(text.dropFirst().dropFirst().dropLast())) }
      return .value(parseValue(text))
    }
  }

  static func parseValue(_ text: String) -> Value {
    if text.hasPrefix("\"") { return .string(String(text.dropFirst().dropLast())) }
    if let int = Int(text) { return .int(int) }
    if let double = Double(text) { return .double(double) }
    switch text {
    case "true": return .bool(true)
    case "false": return .bool(false)
    case "nil": return .null
    default: return .string(text)
    }
  }

  /// Splits on commas outside quotes.
  private static func split(_ text: String) -> [String] {
    var items: [String] = []
    var current = ""
    var quoted = false
    for character in text {
      if character == "\"" { quoted.toggle() }
      if character == "," && !quoted {
        items.append(current.trimmingCharacters(in: .whitespaces))
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.trimmingCharacters(in: .whitespaces).isEmpty {
      items.append(current.trimmingCharacters(in: .whitespaces))
    }
    return items
  }
}
