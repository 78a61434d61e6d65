import Foundation
import Lessons
import OpenCombine
import StreamCore
import StreamLab
import XCTest

// Lesson 13's two solutions written in Swift, compiled as they are written
// and run under XCTest: the classes at file scope and the top-level lines in
// the test, each copied from `lessons/lesson13.txt` (`SwiftSolutionTestTests`
// checks every line is still the lesson's). Only what the given and the app
// stand on is this file's: `ticks` is the given `interval 1s` on a test
// scheduler, with a log of what its one subscriber sees, and
// `DispatchQueue.main.asyncAfter` runs on that scheduler, as a test makes an
// app's main queue a test scheduler.
//
// Each test asserts what streamlab's checker expects of the exercise (the
// subscriber's values with their times, and when the object is released),
// computed by streamlab in this process: the compiled Swift and streamlab's
// run must agree. With `STREAMLAB_BREAK_EXPECTED_EVENTS=1` one expected event
// is changed, and each test must fail.

// MARK: Exercise 5, "Assign without a cycle"

final class ClockModel {
  @Published var time = -1
  init() { ticks.assign(to: &$time) }
}

// MARK: Exercise 6, "[weak self] in Swift"

final class Clock {
  var seconds = 0
  private var cancellables = Set<AnyCancellable>()
  init() {
    ticks.sink { [weak self] _ in self?.seconds += 1 }.store(in: &cancellables)
  }
}

final class Lesson13Exercise5Tests: XCTestCase {
  func testProgram() throws {
    let run = SolutionRun(exercise: 5)
    weak var released: ClockModel?
    do {
      var model: ClockModel? = ClockModel()
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(2500)) { model = nil }
      released = model
    }
    try run.check(released: { released == nil }, name: "ClockModel")
  }
}

final class Lesson13Exercise6Tests: XCTestCase {
  func testProgram() throws {
    let run = SolutionRun(exercise: 6)
    weak var released: Clock?
    do {
      var clock: Clock? = Clock()
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(2500)) { clock = nil }
      released = clock
    }
    try run.check(released: { released == nil }, name: "Clock")
  }
}

/// One solution's run: the scheduler `ticks` and `DispatchQueue.main` use,
/// and what the subscriber of `ticks` saw.
private final class SolutionRun {
  nonisolated(unsafe) static var current: SolutionRun?

  let exercise: Int
  let scheduler = TestScheduler(now: VirtualTime(nanoseconds: 1))
  private(set) var seen: [String] = []

  init(exercise: Int) {
    self.exercise = exercise
    Self.current = self
  }

  var milliseconds: Int { scheduler.now.nanoseconds / 1_000_000 }

  func record(_ event: String) { seen.append("\(milliseconds)ms \(event)") }

  /// Advances the clock to each instant streamlab's run has something at,
  /// then well past the release, and compares: the subscriber's values, and
  /// the instant `isReleased` first held.
  func check(released isReleased: () -> Bool, name: String, file: StaticString = #filePath, line: UInt = #line) throws
  {
    let expected = try Self.expected(exercise: exercise)
    var releasedAt: Int?
    let instants = Set(expected.values.map(\.milliseconds) + expected.releases.map(\.milliseconds) + [5000])
    for instant in instants.sorted() {
      // One step short of the instant, then onto it: the release happens at it, not before.
      scheduler.advance(to: VirtualTime(nanoseconds: 1 + instant * 1_000_000 - 1))
      if isReleased(), releasedAt == nil { releasedAt = instant - 1 }
      scheduler.advance(to: VirtualTime(nanoseconds: 1 + instant * 1_000_000))
      if isReleased(), releasedAt == nil { releasedAt = instant }
    }
    let values = seen.filter { $0.contains(" value ") }
    XCTAssertEqual(values, expected.values.map(\.line), file: file, line: line)
    XCTAssertEqual(
      releasedAt.map { "\(name) released at \($0)ms" },
      expected.releases.first { $0.name == name }.map { "\(name) released at \($0.milliseconds)ms" },
      file: file, line: line)
  }

  /// What streamlab's checker expects of exercise `exercise` of lesson 13:
  /// the values with their times, and each object's release.
  static func expected(exercise number: Int) throws -> (
    values: [(milliseconds: Int, line: String)], releases: [(name: String, milliseconds: Int)]
  ) {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "../../../../lessons/lesson13.txt"
    ).standardizedFileURL
    let text = try String(contentsOf: file, encoding: .utf8)
    let lesson = LessonParser().parse(text, fileName: "lesson13.txt").file
    let exercise = try XCTUnwrap(lesson.exercises.first { $0.number == number })
    let checker = ExerciseChecker(runner: InterpreterRunner(swiftAnswers: SwiftImportAnswers()))
    let expected = try checker.expected(for: exercise).get()
    let values = (expected.events ?? []).compactMap { event -> (Int, String)? in
      guard case .value(let value) = event.kind else { return nil }
      let milliseconds = event.time.nanoseconds / 1_000_000
      return (milliseconds, "\(milliseconds)ms value \(value.description)")
    }
    let releases = expected.lifetimes.compactMap { lifetime -> (String, Int)? in
      guard case .deinitAt(let time) = lifetime.ending else { return nil }
      return (lifetime.name, time.nanoseconds / 1_000_000)
    }
    return (values, releases)
  }
}

/// The given `let ticks = interval 1s`: a value every second on the run's
/// scheduler, each event its subscriber sees recorded with its time.
private var ticks: AnyPublisher<Int, Never> {
  let run = SolutionRun.current!
  return Interval(period: .seconds(1), scheduler: run.scheduler)
    .handleEvents(
      receiveOutput: { run.record("value \($0)") },
      receiveCompletion: { _ in run.record("finished") },
      receiveCancel: { run.record("cancelled") }
    )
    .eraseToAnyPublisher()
}

/// An app's main queue, in this file: `asyncAfter` runs on the run's scheduler.
private enum DispatchQueue {
  static let main = MainQueue()

  struct MainQueue {
    func asyncAfter(deadline: Deadline, execute work: @escaping () -> Void) {
      SolutionRun.current!.scheduler.schedule(after: deadline.time, work)
    }
  }
}

/// `.now() + .milliseconds(2500)` on the run's scheduler.
private struct Deadline {
  var time: VirtualTime

  static func now() -> Deadline { Deadline(time: SolutionRun.current!.scheduler.now) }

  static func + (deadline: Deadline, interval: VirtualTime.Stride) -> Deadline {
    Deadline(time: deadline.time.advanced(by: interval))
  }
}
