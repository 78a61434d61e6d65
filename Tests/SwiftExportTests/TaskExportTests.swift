import StreamLang
import StreamLangExport
import Testing

/// How `--format swift` and `--format xctest` write a program's tasks
/// (`values`, `task { … }`). That the code behaves as drawn is
/// `XCTestExportTests`' proof: lesson 14's solutions and `taskPrograms`
/// are compiled and run on Swift's own concurrency runtime.
@Suite struct TaskExportTests {
  static func export(_ program: String) -> SwiftExport {
    SwiftExporter.export(Parser.parse(program).program)
  }

  @Test func aLoopIsATaskThatSleepsOnTheScheduler() {
    let export = Self.export("let s = subject 100ms:1, 400ms:|; s | values each 250ms @50ms..300ms")
    #expect(export.isExported, "\(export.limitation ?? "")")
    for line in [
      "import CombineSchedulers", "scheduler.schedule(after: start.advanced(by: .milliseconds(50))) {",
      "subscriptions.tasks[0] = Task {", "for await _ in s.logging(0, to: log).values {",
      "try? await scheduler.sleep(for: .milliseconds(250))", "subscriptions.tasks[0]?.cancel()",
    ] {
      #expect(export.source.contains(line), "\(line)")
    }
  }

  @Test func aTaskWritesItsStepsInOrder() {
    let export = Self.export("let s = subject 100ms:1; task { sleep 150ms; s | values; just 1 | values each 50ms }")
    let expected = """
          subscriptions.tasks[0] = Task {
            try await scheduler.sleep(for: .milliseconds(150))
            for await _ in s.logging(0, to: log).values {}
            for await _ in Just(1).logging(1, to: log).values {
              try? await scheduler.sleep(for: .milliseconds(50))
            }
          }
      """
    #expect(export.source.contains(expected), "\(export.source)")
  }

  @Test func aStreamThatCanFailIsReadWithForTryAwait() {
    let export = Self.export("task { marbles \"-1#\" | values }")
    #expect(export.source.contains("for try await _ in "))
  }

  @Test func aProgramWithoutTasksImportsNoSchedulerPackage() {
    #expect(!Self.export("just 1").source.contains("CombineSchedulers"))
  }

  @Test func aLoopStoredInAnOwnerIsRefused() {
    let export = Self.export("let vm = owner; let s = subject 100ms:1; s | values store vm")
    #expect(export.limitation == "a `for await` loop is held by its task, not stored in an owner")
  }

  @Test func theTestOfATaskAwaitsTheClockOnTheMainSerialExecutor() throws {
    var interpreter = Interpreter()
    guard case .ran(let result, let program) = interpreter.run("let s = subject 100ms:1, 200ms:|; s | values") else {
      Issue.record("the program did not run")
      return
    }
    let source = XCTestExport(export: SwiftExporter.export(program), result: result).source
    for line in [
      "import ConcurrencyExtras", "@MainActor", "func testProgram() async {", "await withMainSerialExecutor {",
      "await scheduler.advance(by: .milliseconds(100))  // now 100ms",
    ] {
      #expect(source.contains(line), "\(line)")
    }
  }
}
