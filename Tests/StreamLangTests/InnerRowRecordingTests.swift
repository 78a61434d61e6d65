import StreamCore
import Testing

@testable import StreamLang

/// Every subscription an operator makes to a publisher of its own is
/// recorded as an inner row right under the operator's row, in subscription
/// order, labelled by what started it; the stage rows stay as they were.
struct InnerRowRecordingTests {
  /// A row as `label @parent.number^depth: events`, with its subscription time.
  static func describe(_ row: Timeline) -> String {
    let subscriptions = row.events.filter { $0.kind == .subscribed }.map { "^\($0.time)" }
    let place = row.inner.map { " [\($0.parent).\($0.number)\($0.nestedIn.map { " in \($0)" } ?? "") d\($0.depth)]" }
    return row.label + (place ?? "") + " " + (subscriptions + [compact(row)]).joined(separator: " ")
  }

  static func rows(_ program: String) throws -> [String] {
    let (ran, diagnostics) = runProgram(program)
    let result = try #require(ran, "\(diagnostics)")
    return result.rows.map(describe)
  }

  @Test func switchToLatestDrawsTheCancelledInnerStreamLabelledByItsElement() throws {
    let program = """
      let q = events 0ms:"ipad", 100ms:"iphone", 400ms:|
      q | map { x in { just x + "!" | delay x.count * 100ms } } | switchToLatest
      """
    let rows = try Self.rows(program)
    // "ipad" (4 letters) would arrive at 400ms; switchToLatest cancels it at
    // 100ms for "iphone", whose value arrives 600ms later, at 700ms.
    #expect(rows.count == 5)
    #expect(rows[2] == #"switchToLatest ^0ms 700ms "iphone!", 700ms |"#)
    #expect(rows[3] == #""ipad" [2.1 d1] ^0ms 100ms !"#)
    #expect(rows[4] == #""iphone" [2.2 d1] ^100ms 700ms "iphone!", 700ms |"#)
  }

  @Test func flatMapMaxOneSubscribesEachInnerStreamWhenThePreviousFinishes() throws {
    let rows = try Self.rows("just 1,2,3 | flatMap max 1 { x in { timer 100ms | map 10 } }")
    #expect(
      rows == [
        "just 1,2,3 ^0ms 0ms 1, 100ms 2, 200ms 3, 200ms |",
        "flatMap max 1 { x in { timer 100ms | map 10 } } ^0ms 100ms 10, 200ms 10, 300ms 10, 300ms |",
        "1 [1.1 d1] ^0ms 100ms 10, 100ms |",
        "2 [1.2 d1] ^100ms 200ms 10, 200ms |",
        "3 [1.3 d1] ^200ms 300ms 10, 300ms |",
      ])
  }

  @Test func catchDrawsItsFallbackLabelledByTheFailureItReplaced() throws {
    let rows = try Self.rows(#"fail "boom" | catch { just 0 }"#)
    #expect(
      rows == [
        #"fail "boom" ^0ms 0ms #"boom""#, "catch { just 0 } ^0ms 0ms 0, 0ms |", #"# "boom" [1.1 d1] ^0ms 0ms 0, 0ms |"#,
      ])
  }

  @Test(arguments: ["merge b", "zip b", "combineLatest b", "append b", "prepend b"])
  func aBoundNameArgumentIsDrawnUnderItsOperator(_ stage: String) throws {
    // `a` sends Ints like `b`: merge, append and prepend need one Output type.
    let rows = try Self.rows(#"let a = marbles "-7---8-|"; let b = marbles "--1-2---|"; a | \#(stage)"#)
    #expect(rows.count == 3)
    let inner = try #require(rows.last)
    #expect(inner.hasPrefix("b [1.1 d1] "))
    #expect(inner.contains("1, ") || inner.contains(" 1,"))
  }

  @Test func mergeDrawsBValuesThatReachTheOutput() throws {
    let rows = try Self.rows(#"let a = marbles "-7---8-|"; let b = marbles "--1-2---|"; a | merge b"#)
    #expect(rows[2] == "b [1.1 d1] ^0ms 200ms 1, 400ms 2, 800ms |")
  }

  @Test func aBoundPipelineArgumentDrawsItsStagesUnderItsInnerRow() throws {
    let rows = try Self.rows(#"let a = marbles "-a---b-|"; let b = marbles "--1-2---|" | map x*2; a | zip b"#)
    // zip finishes at 700ms, when `a` finishes with nothing left to pair,
    // and cancels `b`, whose last stage and source both show the `!`.
    #expect(
      rows.dropFirst(2) == [
        "b [1.1 d1] ^0ms 200ms 2, 400ms 4, 700ms !",
        #"marbles "--1-2---|" [1.2 in 1 d2] ^0ms 200ms 1, 400ms 2, 700ms !"#,
      ])
  }

  @Test func appendSubscribesItsArgumentWhenTheUpstreamFinishes() throws {
    let rows = try Self.rows(#"marbles "-1|" | append { marbles "-2|" }"#)
    #expect(rows[2] == #"marbles "-2|" [1.1 d1] ^200ms 300ms 2, 400ms |"#)
  }

  @Test func deferredDrawsThePublisherEachSubscriptionCreates() throws {
    let rows = try Self.rows("deferred { future 200ms 42 } | retry 1")
    #expect(rows[1] == "future 200ms 42 [0.1 d1] ^0ms 200ms 42, 200ms |")
  }

  @Test func aBoundDeferredDrawsThePublisherItCreatesForEachUse() throws {
    let rows = try Self.rows("let d = deferred { future 200ms 42 }; d; d @300ms")
    #expect(
      rows == [
        "d ^0ms 200ms 42, 200ms |",
        "future 200ms 42 [0.1 d1] ^0ms 200ms 42, 200ms |",
        "d ^300ms 500ms 42, 500ms |",
        "future 200ms 42 [0.1 d1] ^300ms 500ms 42, 500ms |",
      ])
  }

  @Test func aDeferredStageOfABoundPipelineHangsItsPublisherUnderItsOwnRow() throws {
    let rows = try Self.rows("let d = deferred { future 200ms 42 } | map x; d")
    #expect(
      rows == [
        "d ^0ms 200ms 42, 200ms |",
        "deferred { future 200ms 42 } [0.1 d1] ^0ms 200ms 42, 200ms |",
        "future 200ms 42 [0.2 in 1 d2] ^0ms 200ms 42, 200ms |",
      ])
  }

  @Test func aNestedFlatMapHangsItsInnerRowsUnderTheInnerRowThatSubscribedThem() throws {
    let rows = try Self.rows("just 1,2 | flatMap { x in { just 10,20 | flatMap { y in { just x + y } } } }")
    #expect(
      rows.dropFirst(2) == [
        "1 [1.1 d1] ^0ms 0ms 11, 0ms 21, 0ms |",
        "10 [1.2 in 1 d2] ^0ms 0ms 11, 0ms |",
        "20 [1.3 in 1 d2] ^0ms 0ms 21, 0ms |",
        "2 [1.4 d1] ^0ms 0ms 12, 0ms 22, 0ms |",
        "10 [1.5 in 4 d2] ^0ms 0ms 12, 0ms |",
        "20 [1.6 in 4 d2] ^0ms 0ms 22, 0ms |",
      ])
  }

  @Test func retryMarksTheSecondSubscriptionOfItsUpstream() throws {
    let rows = try Self.rows(#"marbles "-1-2-#" | retry 1"#)
    #expect(
      rows[0] == #"marbles "-1-2-#" ^0ms ^500ms 100ms 1, 300ms 2, 500ms #"error", 600ms 1, 800ms 2, 1000ms #"error""#)
  }

  @Test func aSubscriberWindowEndingCancelsTheLiveInnerStream() throws {
    let rows = try Self.rows("interval 100ms | take 3 | flatMap { x in { interval 40ms } } @..250ms")
    #expect(rows[3] == "0 [2.1 d1] ^100ms 140ms 0, 180ms 1, 220ms 2, 250ms !")
    #expect(rows[4] == "1 [2.2 d1] ^200ms 240ms 0, 250ms !")
  }

  @Test func eachUseOfABoundColdPipelineDrawsItsOwnSubscriptionOfTheStages() throws {
    // Without `share` each subscriber subscribes its own `interval 100ms`:
    // one at 0ms, one at 250ms, each cancelled by its own `take 4`.
    let rows = try Self.rows("let s = interval 100ms | take 4; s; s @250ms")
    #expect(
      rows == [
        "s ^0ms 100ms 0, 200ms 1, 300ms 2, 400ms 3, 400ms |",
        "interval 100ms [0.1 d1] ^0ms 100ms 0, 200ms 1, 300ms 2, 400ms 3, 400ms !",
        "s ^250ms 350ms 0, 450ms 1, 550ms 2, 650ms 3, 650ms |",
        "interval 100ms [0.1 d1] ^250ms 350ms 0, 450ms 1, 550ms 2, 650ms 3, 650ms !",
      ])
  }

  @Test func sharedStagesAreSubscribedOnceForEverySubscriber() throws {
    let rows = try Self.rows("let s = interval 100ms | take 4 | share; s; s @250ms")
    #expect(
      rows.filter { $0.hasPrefix("interval 100ms") } == [
        "interval 100ms ^0ms 100ms 0, 200ms 1, 300ms 2, 400ms 3, 400ms !"
      ])
  }

  @Test(arguments: [
    "let s = interval 100ms | take 4; s; s @250ms",
    #"let s = marbles "-1-2-#" | map x*2; s | retry 1; s @..300ms"#,
    "let d = deferred { future 200ms 42 }; d; d @300ms",
    "let d = deferred { future 200ms 42 } | map x; d | retry 1",
  ])
  func innerRowsOfABoundNameNeverChangeItsOutputRows(_ program: String) throws {
    var hidden = RunOptions()
    hidden.recordsInnerRows = false
    let shown = try #require(runProgram(program).0)
    let plain = try #require(runProgram(program, options: hidden).0)
    #expect(shown.rows.count > plain.rows.count)
    #expect(shown.outputs.map(compact) == plain.outputs.map(compact))
  }

  @Test func innerRowsNeverChangeTheOutputRows() throws {
    let (ran, diagnostics) = runProgram("just 1,2 | flatMap { x in { just x } }")
    let result = try #require(ran, "\(diagnostics)")
    #expect(result.outputs.count == 1)
    #expect(result.outputs.allSatisfy { $0.isStageRow })
    #expect(result.withoutInnerRows.rows.count == 2)
  }
}
