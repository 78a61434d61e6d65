import ArgumentParser
import Lessons
import StreamLab

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `streamlab lesson verify|student`: teacher tools for lesson files.
struct LessonCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lesson",
    abstract: "Teacher tools for lesson files.",
    subcommands: [Verify.self, Student.self, Mutants.self, Report.self]
  )

  /// `streamlab lesson verify FILE…`.
  struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Check that every solution passes, an empty answer fails, no near miss of a solution passes, every demo runs.",
      discussion: "Exit status: 0 all good, 1 a check failed, 2 a lesson file has errors.")

    @Argument(help: "Lesson files.", completion: .file(extensions: ["txt"]))
    var files: [String] = []

    @Option(help: "Verify the variant `lesson student --variant SEED` gives this seed.")
    var variant: String?

    func validate() throws {
      if files.isEmpty { throw ValidationError("give at least one lesson file") }
      if let variant, let problem = LessonVariant.problem(withSeed: variant) {
        throw ValidationError("--variant: \(problem)")
      }
    }

    func run() throws {
      var unreadable = ToolOutcome()
      var readable: [(fileName: String, text: String)] = []
      for file in files {
        switch LessonFileText.read(file) {
        case .success(let text): readable.append((file, text))
        case .failure(let error): unreadable = ToolOutcome(standardError: "streamlab: \(error)\n", exitCode: 2)
        }
      }
      var outcome = LessonTools.standard(width: 80, promptCommands: LessonPrompt.commandNames).verify(
        readable, variant: variant)
      outcome.standardError = unreadable.standardError + outcome.standardError
      outcome.exitCode = max(outcome.exitCode, unreadable.exitCode)
      throw outcome.finish()
    }
  }

  /// `streamlab lesson student FILE`.
  struct Student: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print the student copy of a lesson: expects filled in, solutions removed.",
      discussion: """
        Hints that give the solution away (`Type: <the solution>`) are left out \
        unless --keep-solutions is given.

        Example: streamlab lesson student lessons/lesson04.txt > handout/lesson04.txt
                 streamlab lesson student lessons/lesson04.txt --variant alice > alice/lesson04.txt
        """)

    @Argument(help: "A lesson file.", completion: .file(extensions: ["txt"]))
    var file: String

    @Flag(help: "Keep the hints that give the solution away (`hint: Type: …`).")
    var keepSolutions = false

    @Option(
      help: ArgumentHelp(
        "A copy of the student's own: the givens re-timed and re-valued for SEED (any text, such as a login), "
          + "the expects computed on them, and `variant: SEED` in the file so grading uses the same variant.",
        valueName: "SEED"))
    var variant: String?

    func validate() throws {
      if let variant, let problem = LessonVariant.problem(withSeed: variant) {
        throw ValidationError("--variant: \(problem)")
      }
    }

    func run() throws {
      let text = try ToolOutcome.read(file)
      throw LessonTools.standard(width: 80)
        .studentCopy(text, fileName: file, keepSolutionHints: keepSolutions, variant: variant)
        .finish()
    }
  }

  /// `streamlab lesson report LESSON --answers FILE…`.
  struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "The class at a glance: each exercise's answers grouped by what they do.",
      discussion: """
        Answers are grouped by their output on the exercise's givens and on the probe inputs the \
        mutation tester varies them with, not by their text. Each group shows how many students \
        are in it, one answer of it, and for a group that fails its output against the expected \
        one and why it first differs. Files that cannot be read or are no lesson file are listed apart.

        Example: streamlab lesson report lessons/lesson04.txt --answers submissions/*.txt --format html > class.html
        """)

    @Argument(help: "The teacher's lesson file.", completion: .file(extensions: ["txt"]))
    var lesson: String

    @Option(parsing: .upToNextOption, help: "The students' lesson files.", completion: .file(extensions: ["txt"]))
    var answers: [String] = []

    @Option(help: "text, json or html (a page of its own).")
    var format: ClassReportFormat = .text

    func validate() throws {
      if answers.isEmpty { throw ValidationError("give the students' files with --answers") }
    }

    func run() throws {
      let text = try ToolOutcome.read(lesson)
      throw LessonTools.standard(width: 100)
        .classReport(text, fileName: lesson, submissions: answers.map(Submission.init(contentsOfFile:)), format: format)
        .finish()
    }
  }
}
extension ClassReportFormat: ExpressibleByArgument {}
