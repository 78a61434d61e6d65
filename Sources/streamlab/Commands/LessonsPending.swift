import ArgumentParser
import Foundation

/// The answer of the lesson commands until the lessons engine lands.
enum LessonsPending {
  static func exit() -> ExitCode {
    var standardError = FileHandle.standardError
    print("streamlab: lessons arrive with the lessons engine; this command is not available yet.", to: &standardError)
    return ExitCode(2)
  }
}
