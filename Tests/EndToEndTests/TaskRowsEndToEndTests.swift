import Foundation
import Testing

/// Issue 31, item 2: a `for await` loop's row shows the values it got and,
/// as `×`, the values its `PassthroughSubject` dropped because the loop had
/// not asked yet; each `Task` gets a row of its own; every format of the
/// binary carries both. The pastes are the corpus's 84, 88 and 92, whose
/// printed lines swiftc's build on the virtual clock prints
/// (`CorpusAgreementTests`): 84 prints `send N` at every send and `got N`
/// only for 1 and 4.
@Suite struct TaskRowsEndToEndTests {
  static func eval(_ name: String, _ format: String) throws -> String {
    let run = try ProcessRun.streamlab(
      ["eval", "--swift", "-f", LifetimeRowsEndToEndTests.snippet(name), "--format", format, "--width", "100"])
    #expect(run.status == 0, "stderr: \(run.standardError)")
    return run.standardOutput
  }

  @Test func theValuesTheBusyLoopMissedAreDroppedOnItsRowAndItsTaskHasARow() throws {
    let lines = try Self.eval("84-values-drop-while-busy", "text").split(separator: "\n").map(String.init)
    // 100ms got 1, 200 and 300 dropped, 400 got 4, 500 and 600 dropped, 900 finished (frame 50ms).
    #expect(lines.contains("> subject        --1-×-×-4-×-×-----|"), "\(lines.joined(separator: "\n"))")
    #expect(lines.contains("× dropped: 4 values from 200ms to 600ms by the `for await` loop over `subject.values`"))
    guard let task = lines.firstIndex(where: { $0.hasPrefix("    Task line 6 ") }) else {
      Issue.record("no task row in\n\(lines.joined(separator: "\n"))")
      return
    }
    #expect(lines[task - 1] == "tasks:")
    // It goes on at 100 (value 1), 350 (its sleep ends), 400 (value 4), 650, and 900 (the loop ends).
    #expect(lines[task] == "    Task line 6  --o----oo----o----(o |) finished 900ms")
  }

  @Test func aCancelledTasksRowSaysSoAndItsLoopsSubscriptionIsCancelled() throws {
    let lines = try Self.eval("92-task-cancel-values-loop", "text").split(separator: "\n").map(String.init)
    let task = lines.first { $0.hasPrefix("    Task line 6 ") }
    #expect(task?.hasSuffix(" --o-o(o |) finished 250ms, cancelled") == true, "\(lines.joined(separator: "\n"))")
    // `cancel()` at 250ms cancels the loop's subscription (OpenCombine's `withTaskCancellationHandler`).
    let output = try #require(lines.firstIndex { $0.hasPrefix("> .handleEvents") })
    #expect(lines[output + 1].hasSuffix(" --1-2!"))
  }

  @Test func eventsAndJSONCarryEachTasksMoments() throws {
    let events = try Self.eval("88-task-cancel-sleep", "events")
    #expect(
      events.contains(
        "task Task line 4\n  t=0ms  started\n  t=0ms  suspended\n  t=300ms  resumed\n  t=300ms  finished\n"),
      "\(events)")
    let json = try Self.eval("88-task-cancel-sleep", "json")
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let tasks = try #require(document["tasks"] as? [[String: Any]])
    #expect(tasks.map { $0["name"] as? String } == ["Task line 4", "Task line 14"])
    #expect(tasks.map { $0["cancelled"] as? Bool } == [true, false])
    let moments = try #require(tasks.first?["moments"] as? [[String: Any]])
    #expect(moments.map { $0["kind"] as? String } == ["started", "suspended", "resumed", "finished"])
    #expect(moments.map { $0["t"] as? Int } == [0, 0, 300, 300])
  }

  @Test func jsonListsWhatTheSubjectDroppedBesideItsEvents() throws {
    let json = try Self.eval("84-values-drop-while-busy", "json")
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let rows = try #require(document["rows"] as? [[String: Any]])
    let dropped = try #require(rows.first?["dropped"] as? [[String: Any]])
    #expect(dropped.map { $0["t"] as? Int } == [200, 300, 500, 600])
    #expect(dropped.map { $0["value"] as? Int } == [2, 3, 5, 6])
    // The events keep DSL.md's kinds only.
    let kinds = Set((rows.first?["events"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String })
    #expect(kinds.isSubset(of: ["subscribed", "value", "finished", "failed", "cancelled"]))
  }

  @Test func theSVGDrawsTheDropsAndTheTaskRow() throws {
    let svg = try Self.eval("84-values-drop-while-busy", "svg")
    #expect(svg.contains(">tasks:<"), "\(svg.prefix(400))")
    #expect(svg.contains(">Task line 6<"))
    #expect(svg.components(separatedBy: "class=\"dropped\"").count - 1 == 4)
  }
}
