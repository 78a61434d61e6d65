import ArgumentParser
import Lessons

extension LessonCommand {
  /// `streamlab lesson mutants FILE…`: every near miss of every solution and what the exercise made of it.
  struct Mutants: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show the mutation testing of `lesson verify`: each near miss of each solution and its verdict.",
      discussion: """
        A mutant changes one thing in a solution (a duration halved or doubled, a count ±1, debounce↔throttle, \
        flatMap↔map+switchToLatest, merge↔zip↔combineLatest, a stage left out, …). A mutant that passes the \
        exercise but gives another output on some varied input "survives": the exercise accepts a wrong answer. \
        Exit status: 0 none survives, 1 one survives, 2 a lesson file has errors.
        """)

    @Argument(help: "Lesson files.", completion: .file(extensions: ["txt"]))
    var files: [String] = []

    @Flag(help: "Print only the mutants the exercises reject by their output, as wrong-answer fixture lines.")
    var corpus = false

    func validate() throws {
      if files.isEmpty { throw ValidationError("give at least one lesson file") }
    }

    func run() throws {
      var texts: [(fileName: String, text: String)] = []
      for file in files { texts.append((file, try ToolOutcome.read(file))) }
      throw LessonTools.standard(width: 80).mutants(texts, corpus: corpus).finish()
    }
  }
}
