import StreamCore
import StreamLang

/// The class at a glance (issue 34): for each exercise, the students'
/// answers grouped by what they do, not by how they are written. Two answers
/// are in one group when they give the same output on the exercise's givens
/// and on every probe input the mutation tester varies them with
/// (`InputProbes`): `typing | debounce 300ms` and `typing.debounce(for:
/// .milliseconds(300), scheduler: s)` meet, `debounce 300ms` and `throttle
/// 300ms` part even where the shown givens cannot tell them apart.
public struct ClassReport: Encodable {
  public var lesson: String
  public var students: Int
  public var exercises: [ExerciseGroups]
  /// Submissions that could not be read or are no lesson file.
  public var unreadable: [Unreadable]

  public struct Unreadable: Hashable, Encodable {
    public var student: String
    public var reason: String
  }

  /// One exercise's groups, the largest first.
  public struct ExerciseGroups: Encodable {
    public var number: Int
    public var title: String
    public var groups: [Group]
    /// Students with no answer, or one that does not parse or run.
    public var noBehaviour: [Group]
  }

  /// Answers that behave alike.
  public struct Group: Encodable {
    /// Whether they pass the exercise's check.
    public var passes: Bool
    public var students: [String]
    /// The most common text among them (the first such, in class order).
    public var representative: String
    /// The check's one-line verdict on the representative.
    public var summary: String
    /// Its output against the expected one on one axis, for a group that fails.
    public var diagram: String
    /// Why it first differs, from its causes (`CheckResult.differenceCause`).
    public var cause: String?
    /// What changed in the hidden variant of the givens it fails on, when it
    /// passes on the givens shown (`hidden: N`).
    public var hiddenVariant: String?
    public var size: Int
  }

  /// Groups `submissions`' answers to `lesson`. `feedback` draws a failing
  /// group's diagram (plain text).
  public static func make(
    _ lesson: LessonFile, submissions: [Submission], checker: ExerciseChecker, feedback: CheckFeedback
  ) -> ClassReport {
    var unreadable: [Unreadable] = []
    var files: [(student: String, file: LessonFile)] = []
    for submission in submissions {
      guard let text = submission.text else {
        unreadable.append(Unreadable(student: submission.name, reason: submission.readError ?? "cannot be read"))
        continue
      }
      let (file, errors) = LessonParser(mode: .submission).parse(text, fileName: submission.name)
      if let first = errors.first {
        unreadable.append(Unreadable(student: submission.name, reason: "does not parse: \(first)"))
      } else if file.exercises.isEmpty {
        unreadable.append(Unreadable(student: submission.name, reason: "has no exercises"))
      } else {
        files.append((submission.name, file))
      }
    }
    let variants = VariantPool(checker: checker)
    let exercises = lesson.exercises.map { exercise in
      let answers = files.map { (student: $0.student, text: Grader.answer(to: exercise, in: $0.file, lesson: lesson)) }
      return groups(of: exercise, answers: answers, checker: checker, variants: variants, feedback: feedback)
    }
    return ClassReport(
      lesson: lesson.fileName, students: submissions.count, exercises: exercises, unreadable: unreadable)
  }

  private static func groups(
    of exercise: Exercise, answers: [(student: String, text: String)], checker: ExerciseChecker,
    variants: VariantPool, feedback: CheckFeedback
  ) -> ExerciseGroups {
    let probing = MutationCheck(checker: checker)
    let givens = exercise.givens.map(\.text).joined(separator: "\n")
    let probes = exercise.asksForATest ? [] : [givens] + InputProbes.probes(of: givens).map(\.givens)
    // Behaviour is worked out once per distinct text: a class writes few.
    var behaviourOf: [String: [String]?] = [:]
    var order: [[String]] = []
    var byBehaviour: [[String]: [(student: String, text: String)]] = [:]
    var noBehaviour: [String: [(student: String, text: String)]] = [:]
    for answer in answers {
      let text = String(Substring(answer.text).trimmingWhitespace())
      if behaviourOf[text] == nil {
        behaviourOf[text] = behaviour(of: text, exercise: exercise, probes: probes, probing: probing)
      }
      guard let behaviour = behaviourOf[text] ?? nil else {
        noBehaviour[text.isEmpty ? "" : text, default: []].append((answer.student, text))
        continue
      }
      if byBehaviour[behaviour] == nil { order.append(behaviour) }
      byBehaviour[behaviour, default: []].append((answer.student, text))
    }
    let groups = order.map {
      group(byBehaviour[$0] ?? [], of: exercise, checker: checker, variants: variants, feedback: feedback)
    }
    .enumerated().sorted { ($0.element.size, -$0.offset) > ($1.element.size, -$1.offset) }.map(\.element)
    let silent = noBehaviour.values.map {
      group($0, of: exercise, checker: checker, variants: variants, feedback: feedback)
    }
    .sorted { $0.size > $1.size }
    return ExerciseGroups(number: exercise.number, title: exercise.title, groups: groups, noBehaviour: silent)
  }

  /// What `text` outputs on each probe, or nil when it is empty or does not
  /// parse or run on the givens as written.
  private static func behaviour(of text: String, exercise: Exercise, probes: [String], probing: MutationCheck)
    -> [String]?
  {
    guard !text.isEmpty else { return nil }
    if exercise.asksForATest {
      // A test answer's behaviour is its verdict on the code under test.
      return [probing.checker.check(exercise, answer: text).summary]
    }
    var outputs: [String] = []
    for (index, probe) in probes.enumerated() {
      guard let output = probing.probeOutput(of: text, givens: probe, in: exercise) else {
        if index == 0 { return nil }
        outputs.append("does not run")
        continue
      }
      outputs.append(
        output.events.map(\.description).joined(separator: ", ") + "; "
          + output.lifetimes.map(\.description).joined(separator: ", "))
    }
    return outputs
  }

  private static func group(
    _ members: [(student: String, text: String)], of exercise: Exercise, checker: ExerciseChecker,
    variants: VariantPool, feedback: CheckFeedback
  ) -> Group {
    var counts: [String: Int] = [:]
    for member in members { counts[member.text, default: 0] += 1 }
    let most = counts.values.max() ?? 0
    let representative = members.first { counts[$0.text] == most }?.text ?? ""
    var result = checker.check(exercise, answer: representative)
    var hiddenVariant: String?
    // As grading does: an answer that passes on the givens shown must pass
    // on the exercise's hidden variants too (those of a copy with no seed).
    if result.passed,
      let (missed, variant) = variants.firstHiddenFailure(
        of: exercise, seed: "", check: { checker.check($0, answer: representative) }, passed: \.passed)
    {
      result = missed
      hiddenVariant = variant.change
    }
    return Group(
      passes: result.passed, students: members.map(\.student), representative: representative,
      summary: result.summary, diagram: result.passed ? "" : feedback.render(result), cause: result.differenceCause,
      hiddenVariant: hiddenVariant, size: members.count)
  }
}
