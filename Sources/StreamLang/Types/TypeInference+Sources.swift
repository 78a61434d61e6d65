import StreamCore

// Sources: the publisher each first stage stands for, with Combine's types.
// A source that sends no value (`empty`, `fail`, `never`) leaves its Output to
// be inferred from later stages, as Swift infers `Empty()`'s generic parameters.
extension TypeInference {
  func source(_ stage: SourceStage, in scope: Scope) throws(Diagnostic) -> Stage {
    let label = text(stage.range)
    func made(_ output: SwiftType, _ failure: SwiftType, _ publisherType: PublisherType) -> Stage {
      Stage(label: label, type: StageType(output: output, failure: failure), publisherType: publisherType)
    }
    switch stage.kind {
    case .just(let values):
      let output = try sameElement(
        values.map { expr throws(Diagnostic) in (expr, try value(expr, in: scope)) }, in: stage)
      if values.count == 1 { return made(output, .never, .generic("Just", [.type(output)])) }
      return made(output, .never, .generic("Publishers.Sequence", [.type(.array(output)), .type(.never)]))
    case .range(_, _, let closed):
      return made(
        .int, .never,
        .generic("Publishers.Sequence", [.generic(closed ? "ClosedRange" : "Range", [.type(.int)]), .type(.never)]))
    case .empty, .never:
      let output = fresh()
      let failure = fresh()
      return made(output, failure, .generic("Empty", [.type(output), .type(failure)]))
    case .fail:
      let output = fresh()
      return made(output, .error, .generic("Fail", [.type(output), .type(.error)]))
    case .interval:
      return made(.int, .never, .generic("Interval", [.scheduler]))
    case .timer:
      return made(.int, .never, .generic("Script", [.type(.int), .type(.never), .scheduler]))
    case .marbles(let diagram, let diagramRange, _):
      let (output, failure) = try marbleTypes(
        diagram, literal: MarbleLiteral(range: diagramRange, diagram: diagram), in: stage)
      return made(output, failure, .generic("Script", [.type(output), .type(failure), .scheduler]))
    case .events(let sends):
      let (output, failure) = try sendTypes(sends, initial: nil, in: stage, scope: scope)
      return made(output, failure, .generic("Script", [.type(output), .type(failure), .scheduler]))
    case .subject(let sends):
      let (output, failure) = try sendTypes(sends, initial: nil, in: stage, scope: scope)
      let declared = subjectFailure(failure)
      return made(output, declared, .generic("PassthroughSubject", [.type(output), .type(declared)]))
    case .current(let initial, let sends):
      let (output, failure) = try sendTypes(sends, initial: initial, in: stage, scope: scope)
      let declared = subjectFailure(failure)
      return made(output, declared, .generic("CurrentValueSubject", [.type(output), .type(declared)]))
    case .published(let initial, let sends):
      // @Published var value: T; $value is Published<T>.Publisher, which never fails.
      let (output, _) = try sendTypes(sends, initial: initial, in: stage, scope: scope)
      return made(output, .never, .generic("Published<\(resolved(output).spelling)>.Publisher", []))
    case .future(_, let result):
      let output = try value(result, in: scope).type
      return made(output, .never, .generic("Future", [.type(output), .type(.never)]))
    case .deferred(let inner):
      let made = try publisher(inner, in: scope)
      return Stage(label: label, type: made.type, publisherType: .generic("Deferred", [made.publisherType]))
    case .name(let name):
      if let type = scope.names[name.text] {
        guard case .publisher(let output, let failure) = resolved(type) else { return placeholderStage(stage.range) }
        return made(output, failure, .type(.publisher(output: output, failure: failure)))
      }
      guard let bound = try bound(name.text, in: scope) else { return placeholderStage(stage.range) }
      return Stage(label: label, type: bound.type, publisherType: bound.publisherType)
    case .group(let inner):
      let made = try publisher(inner, in: scope)
      return Stage(label: label, type: made.type, publisherType: made.publisherType)
    }
  }

  /// The one element type of several values a source sends, as Swift infers
  /// an array literal's: Int literals become Double beside a Double.
  func sameElement(_ values: [(Expr, Typed)], in stage: SourceStage) throws(Diagnostic) -> SwiftType {
    guard let joined = join(values.map(\.1)) else {
      let types = values.map { resolved($0.1.type).spelling }
      var distinct: [String] = []
      for type in types where !distinct.contains(type) { distinct.append(type) }
      throw TypeError.heterogeneous(
        distinct, at: stage.range, source: text(stage.range), keyword: stage.keyword.text)
    }
    return joined
  }

  private func sendTypes(_ sends: [TimedSend], initial: Expr?, in stage: SourceStage, scope: Scope) throws(Diagnostic)
    -> (SwiftType, SwiftType)
  {
    var values: [(Expr, Typed)] = []
    if let initial { values.append((initial, try value(initial, in: scope))) }
    var failure = SwiftType.never
    for send in sends {
      switch send.event {
      case .value(let expr): values.append((expr, try value(expr, in: scope)))
      case .failed: failure = .error
      case .finished: break
      }
    }
    return (values.isEmpty ? fresh() : try sameElement(values, in: stage), failure)
  }

  /// A subject's Failure is whatever its declaration says, as Swift's
  /// `PassthroughSubject<Int, Error>()`: a subject sent no failure may still
  /// be declared to fail, so it takes the Failure of the publishers it meets
  /// (`merge`, `catch`), and is `Never` where nothing asks for more.
  private func subjectFailure(_ sent: SwiftType) -> SwiftType {
    sent == .never ? fresh() : sent
  }

  /// Letters are Strings; digits are Ints, or Strings where the use needs
  /// them when every marble is a digit (see `MarbleLiteral`); `#` makes the
  /// Failure `Error`.
  private func marbleTypes(_ diagram: String, literal: MarbleLiteral, in stage: SourceStage) throws(Diagnostic)
    -> (SwiftType, SwiftType)
  {
    guard let parsed = try? MarbleDiagram(diagram, frame: .milliseconds(100)) else {
      return (.placeholder, .placeholder)
    }
    var values: [(Expr, Typed)] = []
    var failure = SwiftType.never
    for event in parsed.events {
      switch event.kind {
      case .value(.int): values.append((Expr(.int(0), range: stage.range), Typed(.int)))
      case .value(.string): values.append((Expr(.string(""), range: stage.range), Typed(.string)))
      case .value: values.append((Expr(.null, range: stage.range), Typed(.placeholder)))
      case .failed: failure = .error
      case .finished: break
      }
    }
    if !values.isEmpty, values.allSatisfy({ $0.1.type == .int }) {
      return (digitMarbleValues(literal, stageRange: stage.range), failure)
    }
    return (values.isEmpty ? fresh() : try sameElement(values, in: stage), failure)
  }
}
