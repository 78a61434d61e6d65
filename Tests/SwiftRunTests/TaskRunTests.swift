import Foundation
import StreamCore
import SwiftRun
import Testing

/// Issue 31's tasks, beyond the corpus pastes 84–93 (whose printed lines
/// `CorpusAgreementTests` holds against swiftc's build on the virtual
/// clock): what a run does with tasks that never end, with `await` where
/// Swift has no async context, and with tasks that would run for ever.
@Suite struct TaskRunTests {
  static func run(_ swift: String) -> (RunResult?, String?) {
    switch SwiftRun.run(swift) {
    case .ran(let result, _): return (result, nil)
    case .refused(let diagnostic): return (nil, diagnostic.message)
    case .tested: return (nil, "tested")
    }
  }

  /// The threads this process has now (Linux's `/proc/self/task`).
  static var threadCount: Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
  }

  @Test func aTaskStillWaitingWhenTheRunEndsLetsGoOfItsThread() {
    let swift = """
      let subject = PassthroughSubject<Int, Never>()
      let task = Task {
        for await value in subject.values { print(value) }
      }
      DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) { subject.send(1) }
      """
    _ = Self.run(swift)
    let before = Self.threadCount
    for _ in 0..<20 {
      let (result, refusal) = Self.run(swift)
      #expect(refusal == nil)
      #expect(result?.log.map(\.text) == ["1"])
    }
    // Each run's task waited for ever on its own thread; the run's end
    // unwound it. Threads end just after they hand back their turn, and other
    // suites' tests run meanwhile: twenty threads kept would be twenty more.
    var after = Self.threadCount
    for _ in 0..<50 where after > before {
      usleep(20_000)
      after = Self.threadCount
    }
    #expect(after - before < 10, "\(before) threads before, \(after) after")
  }

  @Test func topLevelCodeThatAwaitsWhatNeverComesEndsWithANote() {
    let (result, _) = Self.run(
      """
      let subject = PassthroughSubject<Int, Never>()
      DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) { subject.send(5) }
      let first = await subject.values.first(where: { $0 > 10 })
      print("never printed")
      """)
    #expect(result?.log.isEmpty == true)
    #expect(
      result?.notes.contains(
        "the top-level code still awaits at line 3, `subject.values.first(where: { $0 > 10 })`, at 200ms, "
          + "when nothing was left to run: a script would wait for ever") == true, "\(result?.notes ?? [])")
  }

  @Test func awaitInsideAClosureCombineCallsIsRefused() {
    let (_, refusal) = Self.run(
      """
      let subject = PassthroughSubject<Int, Never>()
      let c = subject.sink { value in
        try? await Task.sleep(for: .milliseconds(100))
        print(value)
      }
      subject.send(1)
      """)
    #expect(
      refusal == "`await` inside a closure Combine or Dispatch calls: Swift needs a synchronous closure there")
  }

  @Test func aTaskThatNeverStopsYieldingIsStoppedByTheTurnBudget() {
    let (result, _) = Self.run(
      """
      Task {
        var turns = 0
        while true {
          turns += 1
          await Task.yield()
        }
      }
      """)
    guard case .runtimeError(let error)? = result?.stop else {
      Issue.record("expected a runtime error, got \(String(describing: result?.stop))")
      return
    }
    #expect(error.message.contains("turns without the run ending"), "\(error.message)")
  }

  @Test func tooManyTasksAliveAtOnceStopTheRun() {
    let (result, _) = Self.run(
      """
      for index in 0..<100 {
        Task { try? await Task.sleep(for: .seconds(1)) }
      }
      """)
    guard case .runtimeError(let error)? = result?.stop else {
      Issue.record("expected a runtime error, got \(String(describing: result?.stop))")
      return
    }
    #expect(error.message.hasPrefix("more than 64 tasks are alive at once"))
  }

  @Test func aNegativeSleepTrapsAsUInt64Does() {
    let (result, _) = Self.run("Task { try await Task.sleep(nanoseconds: -1) }")
    guard case .runtimeError(let error)? = result?.stop else {
      Issue.record("expected a runtime error, got \(String(describing: result?.stop))")
      return
    }
    #expect(error.message.contains("Negative value is not representable"))
  }

  @Test func aPublisherIsNotAnAsyncSequence() {
    let (_, refusal) = Self.run(
      """
      let subject = PassthroughSubject<Int, Never>()
      Task { for await value in subject { print(value) } }
      """)
    #expect(refusal == "a publisher is not an async sequence: `for await` needs its `.values`")
  }

  @Test func childTasksAreRefusedAtTheirPlaceWithWhatToWriteInstead() {
    let (_, asyncLet) = Self.run("func f() async -> Int { 1 }\nTask {\n  async let x = f()\n  print(await x)\n}")
    #expect(asyncLet == "streamlab does not run `async let` (child tasks run alongside their parent)")
    let (_, group) = Self.run("Task { await withTaskGroup(of: Int.self) { group in group.addTask { 1 } } }")
    #expect(group == "streamlab does not run task groups (their child tasks run alongside each other)")
  }

  @Test func anAsyncStreamHasOneConsumer() {
    let (result, _) = Self.run(
      """
      let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
      Task { for await value in stream { print("a \\(value)") } }
      Task { for await value in stream { print("b \\(value)") } }
      """)
    guard case .runtimeError(let error)? = result?.stop else {
      Issue.record("expected a runtime error, got \(String(describing: result?.stop))")
      return
    }
    #expect(error.message.contains("an AsyncStream has one consumer"))
  }

  @Test func theForAwaitLoopsSubscriptionIsAShownPipelineWhoseOutputAsksForOneValueAtATime() throws {
    let (result, _) = Self.run(
      """
      let subject = PassthroughSubject<Int, Never>()
      Task {
        for await value in subject.values { try? await Task.sleep(for: .milliseconds(150)) }
      }
      for n in 1...3 {
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100 * n)) { subject.send(n) }
      }
      """)
    let run = try #require(result)
    #expect(run.pipelines.map(\.source) == ["subject.values"])
    let output = try #require(run.rows.first { $0.isOutput })
    // OpenCombine's Apple-checked `testNonThrowingCancel`: each `next()` requests `.max(1)`.
    let requests = output.events.filter { if case .requested = $0.kind { return true } else { return false } }
    #expect(requests.map(\.kind) == [.requested(.max(1)), .requested(.max(1)), .requested(.max(1))])
    #expect(
      output.events.compactMap { if case .value(let v) = $0.kind { return "\($0.time) \(v)" } else { return nil } } == [
        "100ms 1", "300ms 3",
      ])
  }
}
