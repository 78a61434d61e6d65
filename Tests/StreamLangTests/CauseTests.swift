import StreamCore
import Testing

@testable import StreamLang

/// Issue 33: an output event's causes, one step upstream, for each operator
/// the issue names. Each expectation is worked out by hand from the
/// operator's contract (cited where it is not plain) and the program's times:
/// which input the event was made from, not what streamlab happened to record.
struct CauseTests {
  /// The run with causes tracked.
  static func run(_ program: String) throws -> (result: RunResult, graph: CauseGraph) {
    var interpreter = Interpreter()
    var options = RunOptions()
    options.tracksCauses = true
    guard case .ran(let result, _) = interpreter.run(program, options: options) else {
      throw CauseTestFailure(message: "the program did not run: \(program)")
    }
    let graph = try #require(CauseGraph(rows: result.rows))
    return (result, graph)
  }

  /// An event as `label @time what`: `debounce 300ms @750ms "iph"`.
  static func describe(_ id: Int, in result: RunResult, graph: CauseGraph) -> String {
    guard let place = graph.place(of: id) else { return "?" }
    let row = result.rows[place.row]
    let event = row.events[place.index]
    let what: String
    switch event.kind {
    case .value(let value): what = value.description
    case .subscribed: what = "^"
    case .finished: what = "|"
    case .failed(let message): what = "#\(message)"
    case .cancelled: what = "!"
    case .requested(let demand): what = "request \(demand)"
    case .dropped(let value): what = "×\(value)"
    }
    return "\(row.label) @\(event.time) \(what)"
  }

  /// The causes of the `number`th value (from 1) of the row labelled `label`.
  static func causes(ofValue number: Int, onRow label: String, in program: String, chain: Bool = false) throws
    -> [String]
  {
    let (result, graph) = try run(program)
    let rowIndex = try #require(result.rows.firstIndex { $0.label == label }, "no row `\(label)`")
    let row = result.rows[rowIndex]
    let values = row.events.indices.filter { if case .value = row.events.kind(at: $0) { true } else { false } }
    try #require(values.count >= number, "row `\(label)` has \(values.count) values")
    let id = try #require(row.causes?.eventIDs[values[number - 1]])
    let ids = chain ? graph.chain(of: id) : graph.causes(of: id)
    return ids.map { describe($0, in: result, graph: graph) }
  }

  @Test func mapIsMadeFromTheValueItMapped() throws {
    #expect(try Self.causes(ofValue: 2, onRow: "map x * 2", in: "just 1,2,3 | map x * 2") == ["just 1,2,3 @0ms 2"])
  }

  @Test func filterPassesTheValueItWasGiven() throws {
    let program = "just 1,2,3,4 | filter x % 2 == 0"
    #expect(try Self.causes(ofValue: 2, onRow: "filter x % 2 == 0", in: program) == ["just 1,2,3,4 @0ms 4"])
  }

  /// 0 + 1 = 1, then 1 + 2 = 3: the second value is made of the input 2 and the accumulator 1.
  @Test func scanIsMadeFromTheValueAndTheAccumulatorBeforeIt() throws {
    let causes = try Self.causes(ofValue: 2, onRow: "scan 0, acc + x", in: "just 1,2,3 | scan 0, acc + x")
    #expect(causes == ["just 1,2,3 @0ms 2", "scan 0, acc + x @0ms 1"])
  }

  /// The issue's example: "ip" at 100ms is followed by 350ms of quiet, so
  /// debounce sends it at 400ms; "iph" at 450ms is sent at 750ms.
  @Test func debounceSendsTheSurvivorWhoseQuietEndedThen() throws {
    let program = #"events 0ms:"i", 100ms:"ip", 450ms:"iph", 900ms:| | debounce 300ms"#
    let source = #"events 0ms:"i", 100ms:"ip", 450ms:"iph", 900ms:|"#
    #expect(try Self.causes(ofValue: 1, onRow: "debounce 300ms", in: program) == [#"\#(source) @100ms "ip""#])
    #expect(try Self.causes(ofValue: 2, onRow: "debounce 300ms", in: program) == [#"\#(source) @450ms "iph""#])
  }

  /// Apple's throttle with `latest: true` sends, at the end of a window, the
  /// latest value that came in it: "b" (10ms) opened no new window, so the
  /// value sent at 100ms is "c", which came at 60ms, not "b".
  @Test func throttleLatestSendsTheLatestValueOfTheWindow() throws {
    let program = #"events 0ms:"a", 10ms:"b", 60ms:"c", 300ms:| | throttle 100ms latest: true"#
    let source = #"events 0ms:"a", 10ms:"b", 60ms:"c", 300ms:|"#
    let row = "throttle 100ms latest: true"
    #expect(try Self.causes(ofValue: 1, onRow: row, in: program) == [#"\#(source) @0ms "a""#])
    #expect(try Self.causes(ofValue: 2, onRow: row, in: program) == [#"\#(source) @60ms "c""#])
  }

  /// `latest: false` sends the first value of the window: "b".
  @Test func throttleFirstSendsTheFirstValueOfTheWindow() throws {
    let program = #"events 0ms:"a", 10ms:"b", 60ms:"c", 300ms:| | throttle 100ms latest: false"#
    let source = #"events 0ms:"a", 10ms:"b", 60ms:"c", 300ms:|"#
    #expect(
      try Self.causes(ofValue: 2, onRow: "throttle 100ms latest: false", in: program) == [#"\#(source) @10ms "b""#])
  }

  /// DSL.md's marbles: a at 1 frame, b at 5; 1 at 2, 2 at 4 (frames of 100ms).
  /// The tuple at 500ms is b's arrival with the latest of the other input, 2.
  @Test func combineLatestPairsTheArrivalWithTheLatestOfTheOther() throws {
    let program = #"let a = marbles "-a---b-|"; let b = marbles "--1-2---|"; a | combineLatest b"#
    let causes = try Self.causes(ofValue: 3, onRow: "combineLatest b", in: program)
    #expect(causes == ["a @500ms \"b\"", "b @400ms 2"])
  }

  /// zip pairs the nth of each: its second tuple is a's "b" (500ms) and b's 2 (400ms).
  @Test func zipPairsTheNthValueOfEachInput() throws {
    let program = #"let a = marbles "-a---b-|"; let b = marbles "--1-2---|"; a | zip b"#
    #expect(try Self.causes(ofValue: 2, onRow: "zip b", in: program) == ["a @500ms \"b\"", "b @400ms 2"])
  }

  /// The 20 comes from the inner stream that the outer value 2 started.
  @Test func flatMapValuesGoBackToTheOuterValueThatStartedTheirInnerStream() throws {
    let program = "just 1,2 | flatMap { just x * 10 | delay 100ms }"
    let chain = try Self.causes(ofValue: 2, onRow: "flatMap { just x * 10 | delay 100ms }", in: program, chain: true)
    #expect(chain.first?.hasSuffix("@100ms 20") == true, "\(chain)")
    #expect(chain.contains("just 1,2 @0ms 2"), "\(chain)")
    #expect(!chain.contains("just 1,2 @0ms 1"), "\(chain)")
  }

  @Test func switchToLatestValuesGoBackToTheOuterValue() throws {
    let program = """
      let q = events 0ms:"ipad", 100ms:"iphone", 400ms:|
      q | map { x in { just x + "!" | delay x.count * 100ms } } | switchToLatest
      """
    let chain = try Self.causes(ofValue: 1, onRow: "switchToLatest", in: program, chain: true)
    #expect(chain.contains(#"q @100ms "iphone""#), "\(chain)")
    #expect(!chain.contains(#"q @0ms "ipad""#), "\(chain)")
  }

  /// catch subscribes to its fallback because of the failure: the fallback's 0 goes back to it.
  @Test func catchFallbackGoesBackToTheFailure() throws {
    let chain = try Self.causes(
      ofValue: 2, onRow: "catch { just 0 }", in: #"marbles "-1-#" | catch { just 0 }"#, chain: true)
    #expect(chain.contains(#"marbles "-1-#" @300ms #error"#), "\(chain)")
  }

  /// retry subscribes again because of the failure: the second run's 1 goes back to it.
  @Test func retrySubscriptionGoesBackToTheFailure() throws {
    let chain = try Self.causes(ofValue: 2, onRow: "retry 1", in: #"marbles "-1-#" | retry 1"#, chain: true)
    #expect(chain.contains(#"marbles "-1-#" @300ms #error"#), "\(chain)")
  }

  /// collect 2's second batch is the third and fourth values.
  @Test func collectBatchIsMadeOfItsValues() throws {
    let causes = try Self.causes(ofValue: 2, onRow: "collect 2", in: "just 1,2,3,4,5 | collect 2")
    #expect(causes == ["just 1,2,3,4,5 @0ms 3", "just 1,2,3,4,5 @0ms 4"])
  }

  /// Collected by time: a batch holds what came in its window. The window
  /// closes at 300ms before the tick of 300ms (the batch's own value is
  /// [0, 1], as the compiled export `Beyond01CollectByTime` shows Combine
  /// does), so that tick opens the next batch.
  @Test func collectByTimeBatchIsWhatCameInTheWindow() throws {
    let program = "interval 100ms | take 7 | collect 300ms"
    #expect(try Self.causes(ofValue: 1, onRow: "collect 300ms", in: program) == ["take 7 @100ms 0", "take 7 @200ms 1"])
    #expect(
      try Self.causes(ofValue: 2, onRow: "collect 300ms", in: program) == [
        "take 7 @300ms 2", "take 7 @400ms 3", "take 7 @500ms 4",
      ])
  }

  /// share fans one upstream event out: both subscribers' first values are made of the same one.
  @Test func shareFansOneUpstreamEventOut() throws {
    let (result, graph) = try Self.run("let s = interval 100ms | take 4 | share; s; s @50ms")
    let outputs = result.rows.filter(\.isOutput)
    #expect(outputs.count == 2)
    let firsts = try outputs.map { row -> [Int] in
      let index = try #require(
        row.events.indices.first { if case .value = row.events.kind(at: $0) { true } else { false } })
      return graph.causes(of: try #require(row.causes?.eventIDs[index]))
    }
    #expect(firsts[0] == firsts[1] && !firsts[0].isEmpty, "\(firsts)")
  }

  @Test func aRunWithoutCausesHasNoGraph() throws {
    var interpreter = Interpreter()
    guard case .ran(let result, _) = interpreter.run("just 1 | map x") else { throw CauseTestFailure(message: "") }
    #expect(CauseGraph(rows: result.rows) == nil)
    #expect(result.rows.allSatisfy { $0.causes == nil })
  }
}

struct CauseTestFailure: Error {
  var message: String
}
