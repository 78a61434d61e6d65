import StreamCore
import StreamLang
import SwiftImport

/// The short form shown above a diagram of interpreted Swift ("the Swift in
/// streamlab's language"), shown only when it is true to the run.
///
/// The Swift reader can still lower much pasted Swift into the pipeline
/// language, but its lowering cannot carry statement order, objects or
/// captured state, so it is run too and its output rows compared with the
/// interpreter's, value by value and time by time. Where they differ, or the
/// reader cannot lower the paste, the heading says so and no short form is
/// shown: a short form that drew something else would teach it.
enum ShortFormCheck {
  /// Runs longer than this many events are not run a second time to check
  /// a short form: the heading says why none is shown.
  static let maximumCheckedEvents = 200_000

  /// The heading above the interpreted run's diagram.
  static func heading(for swift: String, interpreted: RunResult, options: RunOptions) -> [String] {
    let translation: SwiftImport.Translation
    switch ProgramReading.read(swift, as: .swift) {
    case .swift(let translated): translation = translated
    case .refused(let diagnostic):
      let location = SourceLocation(of: diagnostic.range, in: swift)
      return [
        "the Swift, run as it is (the pipeline language cannot say it: \(diagnostic.message), "
          + "at \(location.line):\(location.column))"
      ]
    case .pipeline: return []
    }
    let events = interpreted.rows.reduce(0) { $0 + $1.events.count }
    guard events <= maximumCheckedEvents else {
      return ["the Swift, run as it is (its short form is not shown: the run is too long to check it against)"]
    }
    var interpreter = Interpreter()
    guard case .ran(let shortRun, _) = interpreter.run(translation.program, options: options) else {
      return ["the Swift, run as it is (no short form: streamlab's language cannot run what the reader made of it)"]
    }
    if let difference = firstDifference(interpreted, shortRun) {
      return ["the Swift, run as it is (no short form: in streamlab's language it would draw \(difference))"]
    }
    return ["the Swift in streamlab's language:"] + translation.program.split(separator: "\n").map { "  " + $0 }
      + translation.notes.map { "note: " + $0 }
  }

  /// Where the two runs' output rows first differ, in words; nil when they agree.
  static func firstDifference(_ interpreted: RunResult, _ shortForm: RunResult) -> String? {
    let swiftRows = interpreted.outputs
    let shortRows = shortForm.outputs
    guard swiftRows.count == shortRows.count else {
      return "\(shortRows.count) output rows where the Swift has \(swiftRows.count)"
    }
    for (index, (swiftRow, shortRow)) in zip(swiftRows, shortRows).enumerated() {
      let swiftEvents = swiftRow.marbleEvents
      let shortEvents = shortRow.marbleEvents
      for (swiftEvent, shortEvent) in zip(swiftEvents, shortEvents) where !same(swiftEvent, shortEvent) {
        return "\(shortEvent) where the Swift has \(swiftEvent) (output row \(index + 1))"
      }
      if swiftEvents.count != shortEvents.count {
        return "\(shortEvents.count) events where the Swift has \(swiftEvents.count) (output row \(index + 1))"
      }
    }
    return nil
  }

  private static func same(_ a: TimelineEvent, _ b: TimelineEvent) -> Bool {
    guard a.time == b.time else { return false }
    switch (a.kind, b.kind) {
    case (.value(let x), .value(let y)), (.dropped(let x), .dropped(let y)): return x.description == y.description
    case (.failed, .failed): return true
    default: return a.kind == b.kind
    }
  }
}
