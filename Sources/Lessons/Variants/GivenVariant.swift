import StreamLang

/// One re-timed and re-valued version of an exercise's givens (issue 34): a
/// student's own copy shows one, and `hidden: N` grades answers on N more.
/// Each comes from the variations the mutation tester probes with
/// (`SourceVariation`), so a variant is a source of the same type and every
/// answer that reads the original reads it too.
public struct GivenVariant: Hashable {
  /// What changed, such as `typing: times × 2, values reversed`.
  public var change: String
  /// The givens, one statement each, in the exercise's order.
  public var givens: [String]

  /// The exercise with these givens, its `expect:` left to the solution.
  func applied(to exercise: Exercise) -> Exercise {
    var varied = exercise
    varied.givens = givens.map { FieldText(text: $0, pieces: []) }
    varied.expect = nil
    return varied
  }
}

/// The candidate variants of an exercise's givens, in an order fixed by the
/// exercise's title, so the same lesson always offers the same ones.
enum GivenVariants {
  /// How many candidates an exercise offers before they are filtered.
  static let candidateCount = 12

  /// Variations that move events in time, and those that change values; a
  /// variant takes one of each where it can. Completions are never moved,
  /// dropped or turned into failures: those change the exercise, not its data.
  static func isTiming(_ change: String) -> Bool {
    change.hasPrefix("times ") || change.hasPrefix("one event every") || change.hasPrefix("random gaps")
      || change == "every gap twice as long"
  }

  static let valueChanges: Set<String> = [
    "values reversed", "values rotated", "text in upper case", "text in lower case", "text capitalized",
    "numbers with the other sign",
  ]

  /// Up to `candidateCount` distinct candidates; none when no given has a
  /// source to vary. Only a given of one line is varied.
  static func candidates(of exercise: Exercise) -> [GivenVariant] {
    let originals = exercise.givens.map(\.text)
    var seen: Set<[String]> = [originals]
    var result: [GivenVariant] = []
    for index in 0..<candidateCount {
      var random = SeededRandom(seed: VariantSeed.hash(exercise.title) &+ UInt64(index))
      var givens = originals
      var changes: [String] = []
      for (position, given) in exercise.givens.enumerated() where given.pieces.count <= 1 {
        guard let (text, change) = varied(given.text, random: &random) else { continue }
        givens[position] = text
        changes.append(change)
      }
      guard !changes.isEmpty, seen.insert(givens).inserted else { continue }
      result.append(GivenVariant(change: changes.joined(separator: "; "), givens: givens))
    }
    return result
  }

  /// `let typing = events …` with its source re-timed and re-valued, and what changed.
  private static func varied(_ given: String, random: inout SeededRandom) -> (String, String)? {
    let parsed = Parser.parse(given)
    guard parsed.isValid, parsed.program.statements.count == 1,
      case .binding(let name, let pipeline, _) = parsed.program.statements[0]
    else { return nil }
    var kind = pipeline.source.kind
    var changes: [String] = []
    let timings = SourceVariation.variations(of: kind).filter { isTiming($0.change) }
    if !timings.isEmpty {
      let timing = timings[random.next(below: timings.count)]
      kind = timing.kind
      changes.append(timing.change)
    }
    let values = SourceVariation.variations(of: kind).filter { valueChanges.contains($0.change) }
    // One time in (values + 1) the values stay as they were.
    let pick = random.next(below: values.count + 1)
    if pick < values.count {
      kind = values[pick].kind
      changes.append(values[pick].change)
    }
    guard !changes.isEmpty, let text = SyntaxPrinter(text: given).source(kind) else { return nil }
    let splice = SourceSplice(range: pipeline.source.range, replacement: text)
    return (splice.applied(to: given), "\(name.text): " + changes.joined(separator: ", "))
  }
}

/// A student's seed (any text, such as a login) as a number, and the
/// variants it picks: FNV-1a, so the choice is the same on every machine.
public enum VariantSeed {
  static func hash(_ text: String) -> UInt64 {
    text.utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
  }

  /// The variant a student with `seed` is shown, or nil when there is none.
  static func shown(seed: String, among pool: [GivenVariant]) -> GivenVariant? {
    pool.isEmpty ? nil : pool[Int(hash(seed) % UInt64(pool.count))]
  }

  /// `count` variants the student never sees: from the pool less the shown
  /// one, starting where the seed says, so students get different ones.
  static func hidden(_ count: Int, seed: String, among pool: [GivenVariant]) -> [GivenVariant] {
    let shown = shown(seed: seed, among: pool)
    let rest = pool.filter { $0 != shown }
    guard !rest.isEmpty else { return [] }
    let start = Int(hash("hidden " + seed) % UInt64(rest.count))
    return (0..<min(count, rest.count)).map { rest[(start + $0) % rest.count] }
  }
}
