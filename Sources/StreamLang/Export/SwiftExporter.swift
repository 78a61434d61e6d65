/// Exports a parsed program as the Combine code a student would write for it.
///
/// A pure function: the program and the session's earlier bindings in, a
/// `SwiftExport` out. The export uses a `scheduler` parameter for time (a
/// `DispatchQueue` in an app, streamlab's `VirtualClock` in its tests) and
/// never prints code that behaves differently from the DSL run: where the
/// program cannot be typed as Swift, the export says why instead.
public enum SwiftExporter {
  /// A `let` from an earlier input of the session that the program may use.
  public struct Binding: Hashable {
    public var name: String
    public var pipeline: Pipeline
    /// The text `pipeline`'s ranges point into.
    public var text: String

    public init(name: String, pipeline: Pipeline, text: String) {
      self.name = name
      self.pipeline = pipeline
      self.text = text
    }
  }

  /// The export of `program`; `earlierBindings` are the session's `let`s, in
  /// the order they were made (a later one hides an earlier one of the same name).
  public static func export(_ program: Program, earlierBindings: [Binding] = []) -> SwiftExport {
    let translator = ProgramTranslator(text: program.text, earlierBindings: earlierBindings)
    do {
      for statement in program.statements {
        try translator.statement(statement)
      }
      try translator.hotSources.check()
    } catch let limitation as ExportLimitation {
      return SwiftExport(programText: program.text, limitation: limitation.reason, helpers: [], body: [])
    } catch {
      return SwiftExport(programText: program.text, limitation: "\(error)", helpers: [], body: [])
    }
    let blocks = translator.declarations + translator.schedules + translator.hotSources.sendsInStartOrder
    var body = translator.notes.map { "// Note: \($0)" } + ["let subscriptions = Subscriptions()"]
    if blocks.joined().contains(where: { $0.contains("start.advanced") }) {
      body.insert("let start = scheduler.now", at: translator.notes.count)
    }
    for block in blocks {
      body.append("")
      body += block
    }
    body += ["", "return subscriptions"]
    return SwiftExport(
      programText: program.text, limitation: nil, helpers: translator.helpers.sorted(), body: body)
  }
}

extension SwiftExporter {
  /// The export of `program` run in a session whose earlier `let`s are
  /// `bindings` (`Interpreter.boundPipelines`): what `:swift` and
  /// `--format swift` print.
  public static func export(_ program: Program, bindings: [BoundPipeline]) -> SwiftExport {
    export(program, earlierBindings: bindings.map { Binding(name: $0.name, pipeline: $0.pipeline, text: $0.text) })
  }
}
