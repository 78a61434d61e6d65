import Foundation
import StreamLab
import Testing

@testable import Lessons

/// Lesson 15's test exercises, checked against swiftc and XCTest (issue 32):
/// each exercise's `code:` with its solution's test, and the code's every
/// near miss with that same test, are committed under `Exports/TestExercises/`
/// and compiled into this target against OpenCombine, with `TestScheduler`
/// and `AnyScheduler` written after Point-Free's. XCTest then runs each in a
/// process of its own, and its verdicts must be streamlab's: the solution
/// passes on the code, and fails on exactly the near misses streamlab says
/// it catches. Exercise 4 waits on `DispatchQueue.main` in real time, which
/// a loaded machine would make flaky; it is left out, and its expectations'
/// words are `PastedXCTestTests`' against swiftc's XCTest.
@Suite(.serialized) struct TestExerciseCompileTests {
  /// One compiled file: the code (or a near miss of it) and the solution's test.
  struct Variant: CustomTestStringConvertible, Sendable {
    /// `Lesson15Exercise1` or `Lesson15Exercise1NearMiss2`: the file, and the prefix of every type in it.
    var name: String
    /// The near miss, in `lesson mutants`' words; nil for the code as written.
    var change: String?
    var code: String
    var solution: String
    /// What streamlab says the solution's tests do on this code.
    var passesInStreamlab: Bool
    /// Streamlab's words for the first assertion that failed, if one did.
    var firstFailure: String? = nil

    var testDescription: String { name }
  }

  static let checker = ExerciseChecker(runner: InterpreterRunner(swiftAnswers: SwiftImportAnswers()))

  /// Every test exercise of lesson 15 that runs on a test scheduler, with
  /// its solution and, for two, a weaker test.
  static let variants: [Variant] = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("lessons/lesson15.txt")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return LessonParser().parse(text, fileName: "lesson15.txt").file.exercises.flatMap { exercise -> [Variant] in
      // As indented in the file, to read; Swift reads it as the checker's text.
      guard let code = exercise.code?.indentedLines.joined(separator: "\n"),
        let solution = exercise.solution?.indentedLines.joined(separator: "\n"), !code.contains("DispatchQueue.main")
      else { return [] }
      var variants: [Variant] = []
      for (test, kind) in [(solution, "")] + (weakTests[exercise.number].map { [($0, "Weak")] } ?? []) {
        let name = "Lesson15Exercise\(exercise.number)\(kind)"
        func variant(_ name: String, _ change: String?, _ code: String) -> Variant {
          guard case .tested(let runs) = checker.runTests(test, on: code) else {
            return Variant(name: name, change: change, code: code, solution: test, passesInStreamlab: false)
          }
          let failure = runs.lazy.flatMap(\.result.assertions).first { !$0.passed }?.message
          return Variant(
            name: name, change: change, code: code, solution: test, passesInStreamlab: runs.allSatisfy { $0.passed },
            firstFailure: failure)
        }
        variants.append(variant(name, nil, code))
        for (index, mutant) in SwiftBehaviourMutants.mutants(of: code).enumerated() {
          variants.append(variant(name + "NearMiss\(index + 1)", mutant.change, mutant.text))
        }
      }
      return variants
    }
  }()

  /// Tests a student might write that pass on the code but also on some
  /// near misses: streamlab's "your tests also pass on this near miss" must
  /// be XCTest's verdict too.
  static let weakTests: [Int: String] = [
    1: """
    final class LateTests: XCTestCase {
      func testSentWithinASecond() {
        let scheduler = DispatchQueue.test
        let search = Search(scheduler: scheduler.eraseToAnyScheduler())
        search.queries.send("s")
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(search.sent, ["s"])
      }
    }
    """,
    5: """
    final class PauseOnlyTests: XCTestCase {
      func testSearchesAfterAPause() {
        let scheduler = DispatchQueue.test
        let model = SearchModel(scheduler: scheduler.eraseToAnyScheduler())
        model.query = "sw"
        scheduler.advance(by: .milliseconds(299))
        XCTAssertEqual(model.searches, [])
        scheduler.advance(by: .milliseconds(1))
        XCTAssertEqual(model.searches, ["sw"])
      }
    }
    """,
  ]

  /// The file this target compiles for `variant`: its types renamed with the
  /// variant's prefix, and the scheduler the test hands over named.
  static func source(of variant: Variant) -> String {
    var text = variant.code + "\n\n" + variant.solution
    let declared = text.matches(of: #/(?:class|struct|enum) +([A-Z][A-Za-z0-9_]*)/#).map { String($0.1) }
    for type in Set(declared).sorted(by: { $0.count > $1.count }) {
      // Type names are letters and digits: safe inside a pattern.
      guard let word = try? Regex("\\b\(type)\\b") else { continue }
      text.replace(word, with: variant.name + type)
    }
    text = text.replacing("AnySchedulerOf<DispatchQueue>", with: "AnySchedulerOf<TestScheduler>")
    // Skipped in `swift test`'s XCTest pass, where a near miss's failure would be red (LessonTestCase).
    text = text.replacing(#/: *XCTestCase\b/#, with: ": LessonTestCase")
    let what = variant.change.map { "near miss \($0) of its code" } ?? "code as written"
    return """
      // Generated by TestExerciseCompileTests from lessons/lesson15.txt: the \(what),
      // with its solution's test; every type is prefixed so that all compile in one module, and
      // each test case is a LessonTestCase, run only by TestExerciseCompileTests.

      import OpenCombine
      import StreamCore
      import XCTest

      \(text)

      """
  }

  @Test(arguments: variants)
  func committedFileIsTheLessonsCodeAndTest(_ variant: Variant) throws {
    let source = Self.source(of: variant)
    #expect(try ExportFile(name: "TestExercises/\(variant.name).swift").committedText(expected: source) == source)
  }

  @Test func theLessonHasTestExercisesWithNearMissesEachSideOfTheVerdict() {
    #expect(Set(Self.variants.map { $0.name.prefix("Lesson15ExerciseN".count) }).count == 4)
    #expect(Self.variants.count == 29)
    let originalsPass = Self.variants.filter { $0.change == nil }.allSatisfy { $0.passesInStreamlab }
    #expect(originalsPass)
    #expect(Self.variants.contains { $0.change != nil && !$0.passesInStreamlab })
    #expect(Self.variants.contains { $0.change != nil && $0.passesInStreamlab })
  }

  /// XCTest's verdict on every variant agrees with streamlab's.
  @Test func xctestGivesStreamlabsVerdictOnTheCodeAndEveryNearMiss() throws {
    let classes = Self.variants.flatMap { variant in
      Self.source(of: variant).matches(of: #/class +(\w+) *: *LessonTestCase/#).map { (variant, String($0.1)) }
    }
    #expect(classes.count == Self.variants.count)
    let (verdicts, failures) = try Self.xctestVerdicts(classes: classes.map(\.1))
    for (variant, className) in classes {
      let expected = variant.passesInStreamlab ? "passed" : "failed"
      #expect(verdicts[className] == expected, "\(variant.name) (\(variant.change ?? "the code"))")
      // And in the same words: XCTest's first failure message is streamlab's.
      #expect(failures[className] == variant.firstFailure, "\(variant.name)")
    }
  }

  /// `passed` or `failed` by class, and the first failure's message: this
  /// test binary run in XCTest mode on the classes, each failing when any of
  /// its tests failed.
  static func xctestVerdicts(classes: [String]) throws -> (verdicts: [String: String], failures: [String: String]) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = [classes.map { "SwiftExportTests.\($0)" }.joined(separator: ",")]
    var environment = ProcessInfo.processInfo.environment
    environment["STREAMLAB_BREAK_EXPECTED_EVENTS"] = "0"
    environment["STREAMLAB_RUN_LESSON_TESTS"] = "1"
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    var verdicts: [String: String] = [:]
    for match in output.matches(of: #/Test Case '(\w+)\.\w+' (passed|failed)/#) {
      let name = String(match.1)
      if verdicts[name] != "failed" { verdicts[name] = String(match.2) }
    }
    // `…/File.swift:27: error: Class.testName : XCTAssertEqual failed: ("["s"]") is not equal to ("[]") - `
    var failures: [String: String] = [:]
    for match in output.matches(of: #/: error: (\w+)\.\w+ : ([^\n]*)/#) where failures[String(match.1)] == nil {
      failures[String(match.1)] = String(match.2)
    }
    return (verdicts, failures)
  }
}
