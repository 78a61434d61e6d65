import Marbles
import StreamCore
import StreamLang
import StreamLangExport

/// Shows finished runs in streamlab's output formats with one session's (or
/// one command line's) width, colour and scale. `streamlab eval` and the
/// REPL both draw through it, so they always agree.
public struct RunPresenter {
  public var settings: ReplSettings

  public init(settings: ReplSettings) {
    self.settings = settings
  }

  /// The run as the REPL shows it after each input: its marble diagram.
  public func diagram(of result: RunResult) -> String {
    TextDiagram.render(labelled(shown(result)), options: diagramOptions(color: settings.color))
  }

  /// - Parameter earlierBindings: the session's bindings the program may
  ///   use, which its Swift export declares first.
  public func render(
    _ result: RunResult, program: Program, earlierBindings: [BoundPipeline] = [], as format: OutputFormat
  ) -> Result<String, PresentationError> {
    switch format {
    case .text:
      guard settings.showsFullTypes, case .success(let typed) = typesOf(program, earlierBindings) else {
        return .success(diagram(of: result))
      }
      return .success(diagram(of: result) + "\n\n" + TypeReport.fullTypes(of: typed))
    // The one writer `streamlab eval` streams with, collected whole.
    case .events, .json: return .success(TextOutput.string { _ = write(result, program: program, as: format, to: $0) })
    // Machine formats never carry colour, whatever the terminal says.
    case .svg: return .success(SVGDiagram.render(labelled(shown(result)), options: diagramOptions(color: false)))
    // A program Swift cannot express with the same behaviour exports as a
    // comment that says why, never as code that would teach otherwise.
    case .swift: return .success(SwiftExporter.export(program, bindings: earlierBindings).source)
    case .xctest:
      if let reason = Self.untestable(result) { return .failure(.unavailable(.xctest, reason: reason)) }
      let export = SwiftExporter.export(program, bindings: earlierBindings)
      return .success(XCTestExport(export: export, result: result).source)
    }
  }

  /// Writes `result` into `output` as it goes, in a format that can be
  /// written that way (events, JSON): the same bytes `render` returns,
  /// without holding them. False, with nothing written, for the others.
  public func write(_ result: RunResult, program: Program, as format: OutputFormat, to output: TextOutput) -> Bool {
    let result = shown(result)
    switch format {
    case .events: EventList.write(result, to: output)
    case .json:
      let draggable = MovableSource.rows(of: result, program: program).mapValues { DraggableRow(frame: $0.frame) }
      TimelineJSON.write(result, draggable: draggable, to: output)
    case .text, .svg, .swift, .xctest: return false
    }
    return true
  }

  /// Why a run cannot become a test that asserts what it drew, or nil when
  /// it can: a run cut short by an error, the budget or Ctrl-C drew less
  /// than Swift would do, and a test would assert that.
  static func untestable(_ result: RunResult) -> String? {
    switch result.stop {
    case .idle, .horizon: return nil
    case .runtimeError(let error):
      return "the run stopped with \(error.summary), where Swift would trap; a test cannot assert what it drew"
    case .budget(let count):
      return "the run stopped after its budget of \(count) events; a test would assert a cut-short run"
    case .interrupted: return "the run was interrupted; run it to its end first"
    case .testEnded: return "it is already a test; paste it to run it"
    }
  }

  /// What to say when a program subscribes no pipeline, so there is no
  /// diagram to draw; nil when it has one. `boundNames` are what its `let`s bound.
  public static func nothingToRun(_ result: RunResult, boundNames: [String]) -> String? {
    guard result.pipelines.isEmpty, result.tasks.isEmpty else { return nil }
    if let owner = result.lifetimes.first?.name {
      return "nothing to run: no pipeline is subscribed, so `\(owner)` holds nothing; "
        + "store one in it, such as `interval 1s store \(owner)`"
    }
    guard let first = boundNames.first else {
      return "nothing to run: the program is empty or only comments; type a pipeline, such as `just 1,2,3 | map x*2`"
    }
    return "nothing to run: `let` bound \(boundNames.joined(separator: ", ")) but runs nothing; "
      + "write a pipeline on its own, such as `\(first)`, to subscribe and draw it"
  }

  /// The run with each stage's type in its label when `--types` asked for it.
  private func labelled(_ result: RunResult) -> RunResult {
    settings.showsTypes || settings.showsFullTypes ? result.withTypesInLabels : result
  }

  private func typesOf(_ program: Program, _ earlierBindings: [BoundPipeline]) -> Result<TypedProgram, TypeCheckFailure>
  {
    Result { () throws(TypeCheckFailure) in try TypeChecker.check(program, bindings: earlierBindings) }
  }

  /// The run with or without its inner rows, as the settings say.
  public func shown(_ result: RunResult) -> RunResult {
    settings.showsInnerRows ? result : result.withoutInnerRows
  }

  private func diagramOptions(color: Bool) -> DiagramOptions {
    DiagramOptions(width: settings.width, scale: settings.scale, color: color)
  }
}
