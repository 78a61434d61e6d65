import Foundation
import Lessons
import StreamCore
import StreamLang
import StreamLangExport
import Testing

/// One program whose `--format xctest` test this target compiles: a must-run
/// example of DSL.md or a lesson solution run after its givens.
struct ExportedTest: CustomTestStringConvertible, Sendable {
  /// `Example07EventsDebounce`, `Lesson04Exercise1`: the harness function's
  /// file under `Exports/`, and with `Tests` the test case's under `XCTests/`.
  var name: String
  var earlier: [String] = []
  var program: String

  var testDescription: String { name }
  var functionName: String { name.prefix(1).lowercased() + name.dropFirst() }
  var className: String { name + "Tests" }
}

/// Issue 32's proof that `--format xctest` writes tests that hold: every
/// must-run example of DSL.md and every lesson solution in the pipeline
/// language is exported as an XCTest case, committed under `XCTests/`
/// exactly as the exporter prints it, and compiled here against OpenCombine
/// with `TestScheduler` (Point-Free's API and order). Each case runs under
/// XCTest (it is also run by `swift test`'s XCTest pass) and passes; run
/// again with one expected event changed, it fails.
@Suite(.serialized) struct XCTestExportTests {
  static let examples: [ExportedTest] = ExampleExportTests.examples.map {
    ExportedTest(name: $0.file, earlier: $0.earlier, program: $0.program)
  }

  /// Every exercise whose solution is in the pipeline language, with its givens
  /// as the earlier inputs (the checker runs them in one program, on one clock).
  static let lessonSolutions: [ExportedTest] = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("lessons")
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
      $0.hasPrefix("lesson") && $0.hasSuffix(".txt")
    }.sorted()
    return names.flatMap { name -> [ExportedTest] in
      let text = (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
      let lesson = name.dropFirst("lesson".count).dropLast(".txt".count)
      return LessonParser().parse(text, fileName: name).file.exercises.compactMap { exercise in
        // A test exercise's solution is an XCTestCase already (TestExerciseCompileTests).
        guard let solution = exercise.solution?.text, !exercise.asksForATest,
          !swiftSolutions.contains("\(lesson).\(exercise.number)")
        else {
          return nil
        }
        return ExportedTest(
          name: "Lesson\(lesson)Exercise\(exercise.number)",
          program: (exercise.givens.map(\.text) + [solution]).joined(separator: "\n"))
      }
    }
  }()

  /// Solutions written in Swift (lesson 13's classes): already Swift, they
  /// have no export; their test (`Exports/SwiftSolutions/`) compiles each
  /// line of the solution as the lesson writes it, around the given and the
  /// app's main queue on a test scheduler.
  static let swiftSolutions: Set<String> = ["13.5", "13.6"]
  static let swiftSolutionClasses = ["Lesson13Exercise5Tests", "Lesson13Exercise6Tests"]

  /// Every line of each Swift solution is in the compiled test, in order:
  /// what passes there is the lesson's solution, not a copy that drifted.
  @Test func theCompiledSwiftSolutionsAreTheLessonsOwn() throws {
    let lessons = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("lessons/lesson13.txt")
    let lesson = LessonParser().parse(try String(contentsOf: lessons, encoding: .utf8), fileName: "lesson13.txt").file
    // Read, never rewritten: this file is written by hand, not by the exporter.
    let compiled = try String(
      contentsOf: ExportFile(name: "SwiftSolutions/Lesson13SwiftSolutionTests.swift").url, encoding: .utf8)
    let compiledLines = compiled.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    for number in [5, 6] {
      let solution = try #require(lesson.exercises.first { $0.number == number }?.solution?.text)
      var searchFrom = 0
      for line in solution.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) })
      where !line.isEmpty {
        let found = compiledLines[searchFrom...].firstIndex(of: line)
        #expect(found != nil, "exercise \(number): `\(line)` is not in the compiled test after line \(searchFrom + 1)")
        searchFrom = (found ?? searchFrom) + 1
      }
    }
  }

  /// Programs with tasks beyond lesson 14's solutions: the moments a loop
  /// or a task ends, where Swift's answer is not obvious. Their tests run
  /// the tasks on Swift's own runtime (`withMainSerialExecutor`), so the
  /// swiftc-compiled code, not streamlab, says when each event happens.
  static let taskPrograms: [ExportedTest] = [
    // A loop whose publisher finishes while its body sleeps ends when the
    // body is done (100ms), not when the publisher finished (0ms): the
    // task's sleep then starts at 100ms, and `just 2` is read at 150ms.
    ExportedTest(
      name: "Task01LoopEndsAfterItsBody", program: "task { just 1 | values each 100ms; sleep 50ms; just 2 | values }"),
    // A failure thrown out of `for try await` ends the task: the second loop never runs.
    ExportedTest(
      name: "Task02FailureEndsTheTask",
      program: "task { marbles \"-1#\" frame 50ms | values each 200ms; just 2 | values }"),
    // Cancelled while the loop's body sleeps: the body wakes, the loop ends, and
    // the task's own `try await` sleep throws, so `just 2` is never read.
    ExportedTest(
      name: "Task03CancelledInTheBody",
      program: "task { just 1 | values each 100ms; sleep 50ms; just 2 | values } @..50ms"),
    // A loop started at 20ms and cancelled at 300ms, whose body takes 100ms.
    ExportedTest(
      name: "Task04LoopWithTimes",
      program: "let s = subject 0ms:1, 50ms:2, 120ms:3, 250ms:4, 400ms:|; s | values each 100ms @20ms..300ms"),
    // Two tasks reading one subject, one of them after a sleep.
    ExportedTest(
      name: "Task05TwoTasksOneSubject",
      program:
        "let s = subject 100ms:1, 200ms:2, 300ms:3, 400ms:|; task { s | values each 150ms }; task { sleep 150ms; s | values }"
    ),
  ]

  /// The example run as the interpreter runs it, after its earlier inputs.
  static func run(_ test: ExportedTest) throws -> (result: RunResult, export: SwiftExport) {
    var interpreter = Interpreter()
    for input in test.earlier {
      guard case .ran = interpreter.run(input) else { throw ExampleDidNotRun(input: input) }
    }
    let bindings = interpreter.boundPipelines
    guard case .ran(let result, let program) = interpreter.run(test.program) else {
      throw ExampleDidNotRun(input: test.program)
    }
    return (result, SwiftExporter.export(program, bindings: bindings))
  }

  @Test func committedRecorderIsWhatTheExporterPrints() throws {
    let file = ExportFile(name: "XCTests/XCTestPreamble.swift")
    #expect(try file.committedText(expected: XCTestExport.harnessPreamble) == XCTestExport.harnessPreamble)
  }

  @Test func theSwiftSolutionsAreTheOnesLeftOut() throws {
    let exercises = Self.lessonSolutions.count + Self.swiftSolutions.count
    #expect(exercises == 93, "the curriculum's exercise count changed: update swiftSolutions or this count")
  }

  @Test(arguments: examples + lessonSolutions + taskPrograms)
  func committedTestIsWhatTheExporterPrints(_ test: ExportedTest) throws {
    let (result, export) = try Self.run(test)
    #expect(export.isExported, "\(export.limitation ?? "")")
    let function = export.harnessSource(functionName: test.functionName)
    let folder = test.name.hasPrefix("Lesson") ? "Lessons/" : ""
    #expect(try ExportFile(name: folder + test.name + ".swift").committedText(expected: function) == function)
    let testCase = XCTestExport(export: export, result: result)
      .harnessSource(className: test.className, functionName: test.functionName)
    #expect(try ExportFile(name: "XCTests/" + test.className + ".swift").committedText(expected: testCase) == testCase)
  }

  /// Every compiled test case, run by XCTest in a process of its own (this
  /// test binary's XCTest mode): each passes; run again with one expected
  /// event of each assertion changed, each fails.
  @Test func compiledTestsPassAndFailWhenAnExpectedEventChanges() throws {
    let classes =
      (Self.examples + Self.lessonSolutions + Self.taskPrograms).map(\.className) + Self.swiftSolutionClasses
    let filter = classes.map { "SwiftExportTests.\($0)" }.joined(separator: ",")
    let passing = try Self.xctestVerdicts(filter: filter, breaking: false)
    let broken = try Self.xctestVerdicts(filter: filter, breaking: true)
    #expect(classes.count == 113)
    for name in classes {
      #expect(passing[name] == "passed", "\(name) as exported")
      #expect(broken[name] == "failed", "\(name) with an expected event changed")
    }
  }

  /// `Test Case 'Example07EventsDebounceTests.testProgram' passed`, by class:
  /// this test binary run in XCTest mode on the classes `filter` names.
  static func xctestVerdicts(filter: String, breaking: Bool) throws -> [String: String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = [filter]
    var environment = ProcessInfo.processInfo.environment
    environment["STREAMLAB_BREAK_EXPECTED_EVENTS"] = breaking ? "1" : "0"
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    var verdicts: [String: String] = [:]
    for match in output.matches(of: #/Test Case '(\w+)\.testProgram' (passed|failed)/#) {
      verdicts[String(match.1)] = String(match.2)
    }
    return verdicts
  }

  @Test func theTestAdvancesToEachInstantSomethingHappens() throws {
    let test = try #require(Self.examples.first { $0.name == "Example07EventsDebounce" })
    let (result, export) = try Self.run(test)
    let source = XCTestExport(export: export, result: result).source
    for line in [
      "let scheduler = DispatchQueue.test", "scheduler.advance(by: .milliseconds(400))  // now 400ms",
      "scheduler.advance(by: .milliseconds(350))  // now 750ms",
      "\"750ms value \\\"iph\\\"\",", "import CombineSchedulers",
    ] {
      #expect(source.contains(line), "\(line)")
    }
  }

  /// A run cut at its horizon (an endless interval) is advanced to the
  /// horizon and no further, and never run dry, which would never end.
  @Test func anEndlessRunIsAdvancedToItsHorizonOnly() throws {
    var interpreter = Interpreter()
    guard case .ran(let result, let program) = interpreter.run("interval 1s") else {
      throw ExampleDidNotRun(input: "interval 1s")
    }
    let source = XCTestExport(export: SwiftExporter.export(program), result: result).source
    #expect(!source.contains("scheduler.run()"))
    #expect(source.contains("// now \(result.endTime.nanoseconds / 1_000_000)ms"))
  }
}
