import StreamCore
import StreamLang
import Testing

@testable import StreamLab

/// The browser playground's drag: one event of a `marbles` or `events` row
/// moved to another time by rewriting that literal. Expected programs are
/// worked out by hand from the marble grammar (one frame per character).
@Suite struct SourceMoveTests {
  /// `program` with event `event` of row `row` moved to `milliseconds`.
  private func move(_ program: String, row: Int = 0, event: Int, to milliseconds: Int) throws -> String {
    var interpreter = Interpreter()
    guard case .ran(let result, let parsed) = interpreter.run(program) else {
      Issue.record("\(program) should run")
      return ""
    }
    let source = try #require(MovableSource.rows(of: result, program: parsed)[row])
    let moved = SourceMove.apply(
      to: program, source: source, row: result.rows[row], event: event, time: .milliseconds(milliseconds))
    return try moved.get()
  }

  @Test func aMoveThatWouldSpellTooLongAMarbleStringIsRefused() throws {
    // Found by fuzzing: 100s on a 0.5us frame is 200 million frames. The
    // completion (event 4) is refused; one frame short of the limit is not.
    let program = #"marbles "-a-b--c|" frame 0.5us"#
    #expect(throws: SourceMove.Failure.self) { try move(program, event: 4, to: 100_000) }
    #expect(try move(#"marbles "-a|" frame 1ms"#, event: 2, to: 9_999).count == 10_020)
  }

  @Test func aMarbleSnapsToTheNearestFrame() throws {
    // a is event 1 (0 is the subscription); 280ms is nearest frame 3.
    #expect(try move(#"marbles "-a--b|""#, event: 1, to: 280) == #"marbles "---ab|""#)
  }

  @Test func twoMarblesAtOneInstantBecomeAGroup() throws {
    #expect(try move(#"marbles "-a--b|""#, event: 1, to: 400) == #"marbles "----(ab)|""#)
  }

  @Test func theCompletionMovesLaterWithDashes() throws {
    #expect(try move(#"marbles "-a--b|""#, event: 3, to: 900) == #"marbles "-a--b----|""#)
  }

  @Test func aMarbleOnAnotherFrameAndABoundNameRewriteTheLiteralOnly() throws {
    let program = "let a = marbles \"-a-b|\" frame 50ms\na | map x + \"!\""
    // At 50ms frames: a 50ms, b 150ms, | 200ms; b to 50ms joins a in frame 1.
    #expect(try move(program, event: 2, to: 50) == "let a = marbles \"-(ab)--|\" frame 50ms\na | map x + \"!\"")
  }

  @Test func anEventsSendChangesItsTimeAndKeepsTheSendsInOrder() throws {
    let program = #"events 0ms:"i", 100ms:"ip", 450ms:"iph", 900ms:| | debounce 300ms"#
    #expect(
      try move(program, event: 2, to: 520) == #"events 0ms:"i", 450ms:"iph", 520ms:"ip", 900ms:| | debounce 300ms"#)
  }

  @Test func aValueNeverMovesPastTheCompletionNorTheCompletionBeforeAValue() throws {
    let program = #"events 0ms:1, 300ms:2, 500ms:|"#
    #expect(try move(program, event: 1, to: 800) == #"events 300ms:2, 500ms:1, 500ms:|"#)
    #expect(try move(program, event: 3, to: 100) == #"events 0ms:1, 300ms:2, 300ms:|"#)
  }

  @Test func aMoveIsMeasuredFromTheRowsSubscription() throws {
    // Subscribed at 250ms, so 650ms on the axis is 400ms into the marbles: frame 4.
    #expect(try move(#"marbles "-a|" @250ms"#, event: 2, to: 650) == #"marbles "-a--|" @250ms"#)
  }

  @Test func theSubscriptionCannotMove() throws {
    var interpreter = Interpreter()
    guard case .ran(let result, let parsed) = interpreter.run(#"marbles "-a|""#) else {
      Issue.record("the program should run")
      return
    }
    let source = try #require(MovableSource.rows(of: result, program: parsed)[0])
    let moved = SourceMove.apply(
      to: #"marbles "-a|""#, source: source, row: result.rows[0], event: 0, time: .milliseconds(300))
    #expect(
      moved == .failure(SourceMove.Failure(description: "only a value or a completion can move, not a subscription")))
  }
}
