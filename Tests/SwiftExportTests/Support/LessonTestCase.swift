import Foundation
import XCTest

/// The base of lesson 15's compiled tests (`Exports/TestExercises/`). Many of
/// them run the lesson's test on a near miss of its code and must fail, so
/// they are skipped in `swift test`'s own XCTest pass and run only where
/// `TestExerciseCompileTests` runs them, in a process with
/// `STREAMLAB_RUN_LESSON_TESTS=1`, to compare XCTest's verdicts with streamlab's.
class LessonTestCase: XCTestCase {
  static let isRun = ProcessInfo.processInfo.environment["STREAMLAB_RUN_LESSON_TESTS"] == "1"

  override func setUpWithError() throws {
    try XCTSkipUnless(Self.isRun, "a lesson 15 test, run and judged by TestExerciseCompileTests")
  }
}
