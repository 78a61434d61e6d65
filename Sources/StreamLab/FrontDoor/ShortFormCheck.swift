import StreamCore
import StreamLang
import SwiftImport

/// The short form shown beside a diagram of interpreted Swift ("the Swift
/// in streamlab's language"), shown only when it is true to the run.
///
/// The Swift reader can still lower much pasted Swift into the pipeline
/// language, but its lowering cannot carry statement order, objects or
/// captured state, so it is run too and its output rows compared with the
/// interpreter's, value by value and time by time. Where they differ, or the
/// reader cannot lower the paste, the heading says so and no short form is
/// shown: a short form that drew something else would teach it. Where the
/// short form does not type-check, the paste would not compile either: its
/// type errors are the answer, pointing into the Swift.
enum ShortFormCheck {
  /// Runs longer than this many events are not run a second time to check
  /// a short form: the heading says why none is shown.
  static let maximumCheckedEvents = 200_000

  enum Verdict {
    /// The short form draws what the Swift drew: `program` is its parsed program.
    case agrees(SwiftImport.Translation, program: Program)
    /// No short form is shown; the sentence says why.
    case none(String)
    /// The Swift would not compile: the type checker's errors, pointing into the Swift.
    case typeErrors([Diagnostic])
  }

  static func verdict(for swift: String, interpreted: RunResult, options: RunOptions) -> Verdict {
    // The reader's lowering holds no objects: a paste whose objects are
    // released or leak has no short form that draws the same rows, so
    // none is read or run.
    if let object = interpreted.lifetimes.first(where: { $0.released != nil || $0.leaked }) {
      return .none(
        "the Swift, run as it is (no short form: the short form would not draw `\(object.label)`'s lifetime; "
          + "`let vm = owner`, `store vm` and `release vm @T` write one by hand, see `:help lifetimes`)")
    }
    let translation: SwiftImport.Translation
    switch ProgramReading.read(swift, as: .swift) {
    case .swift(let translated): translation = translated
    case .refused(let diagnostic):
      // The reader's messages speak of "streamlab"; here they speak of the
      // short form only: the interpreter has just run what the reader could not.
      let location = SourceLocation(of: diagnostic.range, in: swift)
      var reason = diagnostic.message
      if reason.hasPrefix("streamlab ") { reason = "the short form " + reason.dropFirst("streamlab ".count) }
      return .none("the Swift, run as it is (no short form: \(reason), at \(location.line):\(location.column))")
    case .pipeline: return .none("")
    }
    let events = interpreted.rows.reduce(0) { $0 + $1.events.count }
    guard events <= maximumCheckedEvents else {
      return .none("the Swift, run as it is (its short form is not shown: the run is too long to check it against)")
    }
    var interpreter = Interpreter()
    switch interpreter.run(translation.program, options: options) {
    case .invalid(let diagnostics):
      // The short form's types are the reader's model of the Swift's, which
      // loses what it cannot lower (a tuple's labels, an optional): its type
      // errors refuse the paste only where the Swift's own run stopped too.
      let typeErrors = diagnostics.filter(\.isTypeError)
      if !typeErrors.isEmpty, case .runtimeError = interpreted.stop {
        return .typeErrors(typeErrors.map(translation.pointingIntoSwift))
      }
      let reason = (typeErrors.first ?? diagnostics.first).map { ": \($0.message)" } ?? ""
      return .none("the Swift, run as it is (no short form: the pipeline language cannot run what it became\(reason))")
    case .ran(let shortRun, let program):
      if let difference = firstDifference(interpreted, shortRun) {
        return .none("the Swift, run as it is (no short form: in streamlab's language it would draw \(difference))")
      }
      return .agrees(translation, program: program)
    }
  }

  /// The lines above a text diagram.
  static func heading(_ verdict: Verdict) -> [String] {
    switch verdict {
    case .agrees(let translation, _): return [SwiftPaste.header(of: translation)]
    case .none(let sentence): return sentence.isEmpty ? [] : [sentence]
    case .typeErrors: return []
    }
  }

  /// The run with what the heading says as its first notes, for the formats
  /// that carry notes (JSON's `notes`, the SVG's and event list's last lines).
  static func annotated(_ result: RunResult, _ verdict: Verdict) -> RunResult {
    switch verdict {
    case .agrees(let translation, _): return SwiftPaste.annotated(result, with: translation)
    case .none(let sentence) where !sentence.isEmpty:
      var result = result
      result.notes.insert(sentence, at: 0)
      return result
    default: return result
    }
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
