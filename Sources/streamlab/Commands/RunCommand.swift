import ArgumentParser

/// `streamlab run`: filled in by the lessons engine; until it lands the
/// command says so and exits with status 2.
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run a lesson file: prose, demos and exercises."
  )

  @Argument(parsing: .captureForPassthrough, help: .hidden)
  var arguments: [String] = []

  func run() throws {
    throw LessonsPending.exit()
  }
}
