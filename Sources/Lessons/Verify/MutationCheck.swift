import StreamCore
import StreamLang

/// Mutation testing of one exercise: every near miss of its solution
/// (`MutantGenerator`) is checked as an answer. A mutant that passes is then
/// run beside the solution on probe inputs (`InputProbes`); if some input
/// tells them apart, the exercise accepts a wrong answer and its givens or
/// checks must get better.
public struct MutationCheck {
  public let checker: ExerciseChecker

  public init(checker: ExerciseChecker) {
    var checker = checker
    // A verdict per near miss is all this needs: no run again to explain a difference.
    checker.explainsDifferences = false
    self.checker = checker
  }

  /// One result per mutant; none when the exercise has no solution.
  public func results(for exercise: Exercise) -> [MutantResult] {
    guard let solution = exercise.solution?.text else { return [] }
    if let code = exercise.code?.text { return testResults(code: code, solution: solution, exercise: exercise) }
    let givens = exercise.givens.map(\.text).joined(separator: "\n")
    // The givens' names the solution may use: streams, and owners to store in.
    let given = Parser.parse(givens).program
    let mutants =
      checker.isSwift(solution)
      ? SwiftMutants.mutants(of: solution)
      : MutantGenerator.mutants(of: solution, boundNames: given.boundNames, ownerNames: given.ownerNames)
    // The solution's output on each probe, worked out once for all the mutants that pass.
    var solutionOnProbes: [(probe: InputProbe, output: ProbeOutput?)]?
    return mutants.map { mutant in
      let result = checker.check(exercise, answer: mutant.text)
      let verdict: MutantVerdict
      if result.passed {
        // Equivalence is judged on the givens as written as well as on the varied inputs.
        if solutionOnProbes == nil {
          let probes = [InputProbe(change: "the givens as written", givens: givens)] + InputProbes.probes(of: givens)
          solutionOnProbes = probes.map { ($0, probeOutput(of: solution, givens: $0.givens, in: exercise)) }
        }
        verdict = compare(mutant.text, on: solutionOnProbes ?? [], in: exercise)
      } else if result.problems.contains(where: {
        switch $0 {
        case .mismatch, .lifetimeMismatch: true
        default: false
        }
      }) {
        verdict = .killedOnOutput
      } else if result.problems.allSatisfy(Self.isRule) {
        verdict = .killedByRule
      } else {
        verdict = .notRunnable
      }
      return MutantResult(exercise: exercise.number, mutant: mutant, verdict: verdict)
    }
  }

  /// A test exercise's near misses are of its `code:` and change what it
  /// sends and when (`SwiftBehaviourMutants`; who holds what is lesson 13's):
  /// each is caught when the solution's test fails on it; one it passes is
  /// missed when it changes what a test's subscribers receive or what it
  /// prints, else equivalent.
  private func testResults(code: String, solution: String, exercise: Exercise) -> [MutantResult] {
    guard case .tested(let onCode) = checker.runTests(solution, on: code) else { return [] }
    let asked = Set(exercise.nearMisses.map(\.text))
    return SwiftBehaviourMutants.mutants(of: code).map { mutant in
      let verdict: MutantVerdict
      if !asked.isEmpty, !asked.contains(mutant.change) {
        return MutantResult(exercise: exercise.number, mutant: mutant, verdict: .notAsked)
      }
      switch checker.runTests(solution, on: mutant.text) {
      case .invalid:
        verdict = .notRunnable
      case .tested(let runs):
        if runs.contains(where: { !$0.passed }) {
          verdict = .caughtByTest
        } else if let changed = zip(onCode, runs).first(where: { !Self.recordsAlike($0.0.result, $0.1.result) }) {
          verdict = .missedByTest(test: "\(changed.0.className).\(changed.0.methodName)")
        } else {
          verdict = .equivalent
        }
      }
      return MutantResult(exercise: exercise.number, mutant: mutant, verdict: verdict)
    }
  }

  /// Two runs of one test record alike: their subscribers receive the same
  /// events and they print the same log. (A stage left out changes the rows
  /// above the output, not what the code does.)
  private static func recordsAlike(_ one: RunResult, _ other: RunResult) -> Bool {
    one.outputs.map(\.events) == other.outputs.map(\.events) && one.log == other.log
  }

  private static func isRule(_ problem: CheckResult.Problem) -> Bool {
    switch problem {
    case .missingOperator, .forbiddenOperator, .wrongType: return true
    default: return false
    }
  }

  private func compare(
    _ mutant: String, on probes: [(probe: InputProbe, output: ProbeOutput?)], in exercise: Exercise
  ) -> MutantVerdict {
    let comparison = exercise.comparison
    for (probe, solutionOutput) in probes {
      guard let expected = solutionOutput else { continue }
      let actual = probeOutput(of: mutant, givens: probe.givens, in: exercise)
      // A release or a leak is output too: a mutant that only changes who holds what is no equivalent.
      if let actual, actual.lifetimes == expected.lifetimes,
        OutputDifference.first(expected: expected.events, actual: actual.events, comparison: comparison) == nil
      {
        continue
      }
      return .survives(probe: probe, solution: expected.events, mutant: actual?.events)
    }
    return .equivalent
  }

  /// What a probe run shows of an answer: its comparable events, and the
  /// releases and leaks of the objects that held its subscriptions.
  struct ProbeOutput {
    var events: [TimelineEvent]
    var lifetimes: [LifetimeExpectation]
  }

  /// The comparable output of `answer` run after `givens`; nil when it does not run to an output.
  func output(of answer: String, givens: String) -> [TimelineEvent]? {
    let program = ExerciseProgram(givens: [FieldText(text: givens, pieces: [])], answer: answer)
    guard case .ran(let run) = checker.runner.run(program.text) else { return nil }
    if case .runtimeError = run.result.stop { return nil }
    return run.lastOutput(startingIn: program.answerRange).map { ExpectedOutput.comparable($0.events) }
  }

  /// `answer` run as an answer to `exercise` with `givens` for its givens:
  /// in the pipeline language or in Swift alike.
  func probeOutput(of answer: String, givens: String, in exercise: Exercise) -> ProbeOutput? {
    var probed = exercise
    probed.givens = [FieldText(text: givens, pieces: [])]
    guard case .ran(let run, let program) = checker.run(answer: answer, for: probed) else { return nil }
    if case .runtimeError = run.result.stop { return nil }
    return run.lastOutput(startingIn: program.answerRange).map {
      ProbeOutput(
        events: ExpectedOutput.comparable($0.events),
        lifetimes: run.result.lifetimes.compactMap(LifetimeExpectation.init))
    }
  }
}

extension MutationCheck {
  /// How many surviving mutants `lesson verify` names before it only counts the rest.
  static let survivorsShown = 3

  /// `lesson verify`'s problems for an exercise: one per surviving mutant, at most `survivorsShown`.
  public func survivorProblems(for exercise: Exercise) -> [String] {
    let messages = results(for: exercise).compactMap(\.survivorMessage)
    var problems = Array(messages.prefix(Self.survivorsShown))
    if messages.count > Self.survivorsShown {
      problems.append(
        "and \(messages.count - Self.survivorsShown) more wrong answers pass (`streamlab lesson mutants` lists them)")
    }
    return problems
  }
}
