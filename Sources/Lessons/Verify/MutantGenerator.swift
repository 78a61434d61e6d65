import StreamCore
import StreamLang

/// Makes the near misses of a solution: each mutant changes one thing on the
/// solution's syntax tree (a duration halved or doubled, a count one more or
/// one less, an operator swapped for the one students confuse it with, a stage
/// left out, a subscription's `@` timing left out) and is printed back with
/// everything else as the teacher wrote it.
enum MutantGenerator {
  /// The distinct mutants of `solution`, in the order of the solution's text;
  /// none when the solution does not parse. `boundNames` are the givens' names.
  static func mutants(of solution: String, boundNames: [String], ownerNames: [String] = []) -> [Mutant] {
    let parsed = Parser.parse(solution, boundNames: boundNames, ownerNames: ownerNames)
    guard parsed.isValid else { return [] }
    let printer = SyntaxPrinter(text: solution)
    let sites = SyntaxSites(parsed.program)
    var candidates: [(change: String, splice: SourceSplice)] = []

    for pipeline in sites.pipelines {
      for index in pipeline.operators.indices {
        for edit in StageMutation.nearMisses(of: pipeline, at: index, printer: printer) {
          guard let text = edit.text(of: pipeline, printer: printer) else { continue }
          candidates.append((edit.change, SourceSplice(range: pipeline.range, replacement: text)))
        }
      }
    }
    for time in sites.times {
      guard case .time(let interval) = time.kind else { continue }
      let doubled = interval.nanoseconds.multipliedReportingOverflow(by: 2)
      for changed in [interval.nanoseconds / 2] + (doubled.overflow ? [] : [doubled.partialValue]) {
        let mutated = Expr(.time(VirtualInterval(nanoseconds: changed)), range: time.range)
        candidates.append(
          (
            "\(printer.original(time.range)) → \(printer.expression(mutated))",
            SourceSplice(range: time.range, replacement: printer.expression(mutated))
          ))
      }
    }
    for count in sites.counts {
      let neighbours = [count.value.subtractingReportingOverflow(1), count.value.addingReportingOverflow(1)]
      for changed in neighbours.filter({ !$0.overflow }).map(\.partialValue) where changed >= count.minimum {
        let mutated = Expr(.int(changed), range: count.expr.range)
        candidates.append(
          (
            "count \(count.value) → \(changed)",
            SourceSplice(range: count.expr.range, replacement: printer.expression(mutated))
          ))
      }
    }
    for subscription in sites.timedSubscriptions {
      let written = printer.original(subscription.range)
      let untimed = printer.original(subscription.untimedRange)
      candidates.append(
        ("`\(written)` → `\(untimed)`", SourceSplice(range: subscription.range, replacement: untimed)))
    }
    // Lifetimes (issue 30): the near misses of who holds a subscription.
    for holders in sites.holders {
      if let capture = holders.capture {
        let flipped = "sink \(capture.isStrong ? "weak" : "strong") \(capture.owner.text)"
        candidates.append(
          (
            "`\(printer.original(capture.range))` → `\(flipped)`",
            SourceSplice(range: capture.range, replacement: flipped)
          ))
      }
      if let store = holders.store {
        candidates.append(
          ("`\(printer.original(store).trimmingWhitespace())` left out", SourceSplice(range: store, replacement: "")))
      }
    }
    for release in sites.releases {
      candidates.append(("`\(printer.original(release))` left out", SourceSplice(range: release, replacement: "")))
    }

    var seen: Set<String> = [solution]
    var mutants: [Mutant] = []
    for candidate in candidates.sorted(by: { $0.splice.range.start < $1.splice.range.start }) {
      let text = candidate.splice.applied(to: solution)
      guard seen.insert(text).inserted else { continue }
      mutants.append(Mutant(change: candidate.change, text: text))
    }
    return mutants
  }
}
