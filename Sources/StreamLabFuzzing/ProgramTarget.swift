import Marbles
import StreamCore
import StreamLab
import StreamLang

/// Fuzz target (a): bytes → the front door in every `--format`, as
/// `streamlab eval` calls it (reading Swift or the pipeline language, hints,
/// run, render), then `/api/move`'s rewrite of every draggable event.
public enum ProgramTarget {
  public static func run(_ bytes: [UInt8]) -> FuzzOutcome {
    let text = String(decoding: bytes.prefix(FuzzLimits.maxInputBytes), as: UTF8.self)
    // The text diagram's answer says how the program went; every other
    // format is rendered too, and may be unavailable for the run (an
    // XCTest of a run a trap stopped) without the program being refused.
    var first: FrontDoorAnswer?
    for (format, color) in formats {
      var settings = ReplSettings()
      settings.color = color
      let answer = FrontDoor.evaluate(
        FrontDoorRequest(text, fileName: "fuzz.txt", format: format, settings: settings, options: FuzzLimits.runOptions)
      )
      if first == nil { first = answer }
      // A program that does not read or run does so in every format alike.
      guard case .ran = answer.outcome else { break }
    }
    guard let answer = first else { return .refused(messages: 0) }
    switch answer.outcome {
    case .invalid(let diagnostics, _): return .refused(messages: diagnostics.count)
    case .nothingToRun, .unavailable: return .refused(messages: 1)
    case .ran(let result, let program, _, let translation):
      // `/api/move` rewrites the program as the page shows it; pasted Swift is not draggable.
      if translation == nil { dragEveryMovableEvent(text, result: result, program: program) }
      explainWithCauses(text)
      return .ran(stop: "\(result.stop)")
    }
  }

  /// `--causes --format json`, `:why` on the first events of every row and
  /// `:at` halfway through (issue 33), on the run with its causes recorded
  /// and its state noted at that instant.
  private static func explainWithCauses(_ text: String) {
    var options = FuzzLimits.runOptions
    options.tracksCauses = true
    options.snapshotAt = .milliseconds(150)
    let answer = FrontDoor.evaluate(
      FrontDoorRequest(text, fileName: "fuzz.txt", format: .json, settings: ReplSettings(), options: options))
    guard case .ran(let result, _, _, _) = answer.outcome else { return }
    for row in Set(result.rows.map(\.label)).sorted().prefix(4) {
      for number in 1...3 { _ = CauseReport.make(CauseReport.Question(row: row, number: number), in: result) }
    }
    _ = CauseReport.make(CauseReport.Question(row: nil, number: 1), in: result)
    _ = StateReport.lines(result, at: .milliseconds(150))
    // The browser's path: the page's picture with every mark's causes, and
    // a click's `why` by cause id, the first ids and some past the last.
    _ = SVGDiagram.render(result, playground: PlaygroundPicture(showsCauses: true))
    for id in [0, 1, 2, 7, 1_000_000, -1] { _ = CauseReport.make(id: id, in: result) }
  }

  /// Every format, and the coloured text diagram a terminal gets.
  static let formats: [(OutputFormat, Bool)] = [(.text, true)] + OutputFormat.allCases.map { ($0, false) }

  /// `/api/move`'s path: moves each value and completion of the first
  /// draggable rows to the start, a frame-odd time and far past the end,
  /// and parses each rewritten program.
  private static func dragEveryMovableEvent(_ text: String, result: RunResult, program: Program) {
    for (index, source) in MovableSource.rows(of: result, program: program).sorted(by: { $0.key < $1.key }).prefix(4) {
      let row = result.rows[index]
      for event in row.marbleEvents.indices.prefix(8) {
        for milliseconds in [0, 137, 100_000] {
          let moved = SourceMove.apply(
            to: text, source: source, row: row, event: event, time: .milliseconds(milliseconds))
          if case .success(let newText) = moved { _ = Parser.parse(newText, boundNames: []) }
        }
      }
    }
  }
}
