import StreamLang

/// The inputs a solution and a mutant are compared on, to tell whether the
/// mutant computes something else: the exercise's givens with one source
/// varied (`SourceVariation`), and with every source's times scaled at once.
enum InputProbes {
  /// The probes of `givens` (the givens' program, one statement per line).
  static func probes(of givens: String) -> [InputProbe] {
    let parsed = Parser.parse(givens)
    guard parsed.isValid else { return [] }
    let printer = SyntaxPrinter(text: givens)
    var probes: [InputProbe] = []
    var sources: [(name: String, stage: SourceStage)] = []
    for statement in parsed.program.statements {
      switch statement {
      case .binding(let name, let pipeline, _): sources.append((name.text, pipeline.source))
      case .subscription(let pipeline, _, _): sources.append((printer.original(pipeline.source.range), pipeline.source))
      case .connect, .owner, .release, .task: break
      }
    }
    var scaledTogether: [String: [SourceSplice]] = [:]
    for (name, stage) in sources {
      for variation in SourceVariation.variations(of: stage.kind) {
        guard let text = printer.source(variation.kind) else { continue }
        let splice = SourceSplice(range: stage.range, replacement: text)
        probes.append(InputProbe(change: "\(name): \(variation.change)", givens: splice.applied(to: givens)))
        if variation.change.hasPrefix("times") { scaledTogether[variation.change, default: []].append(splice) }
      }
    }
    if sources.count > 1 {
      for (change, splices) in scaledTogether.sorted(by: { $0.key < $1.key }) where splices.count > 1 {
        let text = splices.sorted { $0.range.start > $1.range.start }.reduce(givens) { $1.applied(to: $0) }
        probes.append(InputProbe(change: "every source: \(change)", givens: text))
      }
    }
    return probes
  }
}
