import StreamLang

/// The variants of each exercise's givens that grading may use (issue 34):
/// of the candidates, those the solution solves with an output of its own
/// (at least one value, and not the shown givens' output, so copying the
/// shown events into an answer fails) on which every near miss of the
/// solution that the shown givens catch still fails. Worked out once per
/// exercise and kept: every student's variant comes from the same pool.
public final class VariantPool: @unchecked Sendable {
  let checker: ExerciseChecker
  private let lock = ThreadLock()
  private var pools: [Key: [GivenVariant]] = [:]

  /// An exercise as far as its variants go.
  private struct Key: Hashable {
    var title: String
    var givens: [String]
    var solution: String
  }

  public init(checker: ExerciseChecker) {
    var checker = checker
    // Only verdicts are needed: no run again to explain a difference.
    checker.explainsDifferences = false
    self.checker = checker
  }

  /// The usable variants of `exercise`, in a fixed order; none when it has
  /// no solution in the pipeline language or no given to vary.
  public func variants(of exercise: Exercise) -> [GivenVariant] {
    guard let solution = exercise.solution?.text, !exercise.asksForATest, !checker.isSwift(solution) else { return [] }
    let key = Key(title: exercise.title, givens: exercise.givens.map(\.text), solution: solution)
    if let known = lock.locked({ pools[key] }) { return known }
    // Worked out unlocked: two graders may both work one out, and get the same.
    let found = usable(exercise, solution: solution)
    lock.locked { pools[key] = found }
    return found
  }

  /// The first of the exercise's `hidden:` variants for `seed` on which
  /// `check` fails, and that variant; nil when it passes on every one (or
  /// there are none). Grading and `lesson report` judge an answer by this.
  public func firstHiddenFailure<Checked>(
    of exercise: Exercise, seed: String, check: (Exercise) -> Checked, passed: (Checked) -> Bool
  ) -> (Checked, GivenVariant)? {
    guard exercise.hiddenVariants > 0 else { return nil }
    for variant in VariantSeed.hidden(exercise.hiddenVariants, seed: seed, among: variants(of: exercise)) {
      let checked = check(variant.applied(to: exercise))
      if !passed(checked) { return (checked, variant) }
    }
    return nil
  }

  private func usable(_ exercise: Exercise, solution: String) -> [GivenVariant] {
    let candidates = GivenVariants.candidates(of: exercise)
    guard !candidates.isEmpty, case .success(let shown) = checker.expectedEvents(for: exercise) else { return [] }
    let given = Parser.parse(exercise.givens.map(\.text).joined(separator: "\n")).program
    let caught = MutantGenerator.mutants(of: solution, boundNames: given.boundNames, ownerNames: given.ownerNames)
      .map(\.text).filter { !checker.check(exercise, answer: $0).passed }
    return candidates.filter { candidate in
      let varied = candidate.applied(to: exercise)
      guard case .success(let expected) = checker.expectedEvents(for: varied), expected != shown,
        expected.contains(where: { if case .value = $0.kind { true } else { false } })
      else { return false }
      return caught.allSatisfy { !checker.check(varied, answer: $0).passed }
    }
  }
}
