import ArgumentParser

/// `streamlab lesson verify|student`: teacher tools, filled in by the lessons
/// engine; until it lands each says so and exits with status 2.
struct LessonCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lesson",
    abstract: "Teacher tools for lesson files.",
    subcommands: [Verify.self, Student.self]
  )

  /// `streamlab lesson verify FILE…`.
  struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Check that every solution passes, an empty answer fails and every demo runs.")

    @Argument(help: "Lesson files.")
    var files: [String] = []

    func run() throws {
      throw LessonsPending.exit()
    }
  }

  /// `streamlab lesson student FILE`.
  struct Student: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print the student copy of a lesson: expects filled in, solutions removed.")

    @Argument(help: "A lesson file.")
    var file: String?

    func run() throws {
      throw LessonsPending.exit()
    }
  }
}
