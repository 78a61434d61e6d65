import Foundation
import StreamLab
import Testing

@testable import Lessons

/// The near misses `lesson verify` makes of every solution of the curriculum
/// (`MutantGenerator`) and the exercises reject by their output. They are kept
/// as a table beside the hand-written wrong answers: each must keep parsing,
/// running and failing on its output.
@Suite struct CurriculumMutantTests {
  static let mutants = CurriculumAnswers.table("mutants.tsv")
  static let handWritten = Set(CurriculumAnswers.table("wrong-answers.tsv"))

  @Test func everyLessonHasMutantsKept() {
    #expect(Self.mutants.count > 150)
    #expect(Set(Self.mutants.map(\.lesson)).count == 14)
  }

  @Test func noMutantIsAlsoAHandWrittenWrongAnswerOrListedTwice() {
    #expect(Self.mutants.filter { Self.handWritten.contains($0) }.isEmpty)
    #expect(Set(Self.mutants).count == Self.mutants.count)
  }

  @Test(arguments: mutants)
  func mutantRunsAndFailsOnItsOutput(_ mutant: CurriculumAnswers.Answer) throws {
    try CurriculumAnswers.expectFailsOnOutput(mutant)
  }

  /// The tables hold every mutant the generator makes today that an exercise rejects by its output;
  /// after changing a solution, run `bash scripts/mutant-corpus`.
  @Test func tablesHoldEveryMutantTheExercisesRejectByOutput() throws {
    let kept = Set(Self.mutants).union(Self.handWritten)
    let checker = MutationCheck(checker: ExerciseChecker(runner: InterpreterRunner(swiftAnswers: SwiftImportAnswers())))
    for url in CurriculumAnswers.lessonFiles() {
      let number = LessonTools.lessonNumber(url.lastPathComponent)
      for exercise in try CurriculumAnswers.lesson(number).exercises {
        for result in checker.results(for: exercise) where result.verdict == .killedOnOutput {
          let answer = CurriculumAnswers.Answer(lesson: number, exercise: exercise.number, answer: result.mutant.text)
          #expect(kept.contains(answer), "missing from mutants.tsv: \(answer.testDescription)")
        }
      }
    }
  }
}
