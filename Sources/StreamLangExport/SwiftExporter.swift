import StreamLang

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
    // A program Swift would not compile has no export: the type checker says why.
    let typed: TypedProgram
    switch types(of: program, earlierBindings: earlierBindings) {
    case .success(let checked): typed = checked
    case .failure(let problem):
      return SwiftExport(
        programText: program.text, limitation: "Swift would not compile it: \(problem)", helpers: [], body: [])
    }
    let apple: (lines: [String], helpers: [ExportHelper])
    switch body(of: program, earlierBindings: earlierBindings, typed: typed, dialect: .apple) {
    case .success(let written): apple = written
    case .failure(let limitation): return SwiftExport(programText: program.text, limitation: limitation.reason)
    }
    let harness = body(of: program, earlierBindings: earlierBindings, typed: typed, dialect: .streamlabEngine)
    return SwiftExport(
      programText: program.text, limitation: nil, helpers: apple.helpers, body: apple.lines,
      harnessBody: (try? harness.get())?.lines ?? apple.lines)
  }

  /// The types of `program`, or its first type error in one line.
  private static func types(of program: Program, earlierBindings: [Binding]) -> Result<TypedProgram, TypeProblem> {
    var environment: [String: BoundPipeline] = [:]
    for binding in earlierBindings {
      environment[binding.name] = BoundPipeline(
        name: binding.name, pipeline: binding.pipeline, text: binding.text, environment: environment)
    }
    do throws(TypeCheckFailure) {
      return .success(try TypeChecker.check(program, environment: environment))
    } catch {
      return .failure(
        TypeProblem(text: error.diagnostics.first.map { "\($0.message) (\($0.note ?? "see `:type`"))" } ?? ""))
    }
  }

  /// A type error as the export's limitation says it.
  private struct TypeProblem: Error, CustomStringConvertible {
    var text: String
    var description: String { text }
  }

  /// The element each bound name sends where a shown pipeline starts from
  /// it: a binding typed alone may be generic (`events 300ms:#"offline"`), its
  /// use says what it sends.
  private static func bindingElements(_ program: Program, typed: TypedProgram) -> [String: ExportType] {
    let shownSources = program.statements.compactMap { statement -> SourceStage? in
      if case .subscription(let pipeline, _, _) = statement { return pipeline.source }
      return nil
    }
    var elements: [String: ExportType] = [:]
    for (source, pipeline) in zip(shownSources, typed.shown) {
      guard case .name(let name) = source.kind, let type = pipeline.stages.first?.type.output else { continue }
      if let element = ExportType(scalar: type) { elements[name.text] = element }
    }
    return elements
  }

  /// The function body for `dialect`, with the helpers it uses, or why there is none.
  private static func body(of program: Program, earlierBindings: [Binding], typed: TypedProgram, dialect: SwiftDialect)
    -> Result<(lines: [String], helpers: [ExportHelper]), ExportLimitation>
  {
    let translator = ProgramTranslator(text: program.text, earlierBindings: earlierBindings, dialect: dialect)
    translator.stringMarbles = typed.stringMarbles
    translator.bindingElements = bindingElements(program, typed: typed)
    do {
      for statement in program.statements {
        try translator.statement(statement)
      }
      try translator.hotSources.check()
    } catch let limitation as ExportLimitation {
      return .failure(limitation)
    } catch {
      return .failure(ExportLimitation("\(error)"))
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
    return .success((body, translator.helpers.sorted()))
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
