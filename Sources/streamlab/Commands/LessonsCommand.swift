import ArgumentParser

/// `streamlab lessons`: filled in by the lessons engine; until it lands the
/// command says so and exits with status 2.
struct LessonsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lessons",
    abstract: "List the lessons and your progress."
  )

  @Argument(parsing: .captureForPassthrough, help: .hidden)
  var arguments: [String] = []

  func run() throws {
    throw LessonsPending.exit()
  }
}
