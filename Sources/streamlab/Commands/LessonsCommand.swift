import ArgumentParser
import Lessons

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `streamlab lessons`: every lesson in `lessons/` with its title and progress.
struct LessonsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lessons",
    abstract: "List the lessons and your progress.",
    discussion: """
      Lists lessons/lessonNN.txt (or the folder given) with each lesson's title \
      and how many of its exercises you have passed.
      """
  )

  @Argument(help: ArgumentHelp("The folder of lessons.", valueName: "folder"), completion: .directory)
  var folder = "lessons"

  func run() throws {
    let terminal = TerminalFacts.current()
    let entries = LessonCatalog.entries(inFolder: folder)
    let store = ProgressStore(url: terminal.stateDirectory.appendingPathComponent("progress.json"))
    let (progress, warning) = store.load()
    throw ToolOutcome(
      standardOutput: LessonCatalog.listing(entries, progress: progress),
      standardError: warning.map { $0 + "\n" } ?? "", exitCode: 0
    ).finish()
  }
}
