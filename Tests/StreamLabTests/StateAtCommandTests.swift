import StreamCore
import Testing

@testable import StreamLab

/// Issue 33, item 2: `:at T` prints what each stage holds at T. Each
/// expectation is worked out by hand from the program's times and the
/// operator's contract; the lines are what the playground prints.
@Suite struct StateAtCommandTests {
  static func state(after program: String, at time: String) -> [String] {
    var session = ReplSession(settings: ReplSettings())
    _ = session.submit(program)
    return session.submit(":at \(time)").text.split(separator: "\n").map(String.init)
  }

  /// "ip" came at 100ms and "iph" at 450ms: at 500ms debounce waits to send
  /// "iph" at 750ms; at 120ms it waits to send "ip" at 400ms, and the
  /// deadline "i" scheduled for 300ms is not listed: "ip" replaced it.
  @Test func debounceWaitsToSendItsPendingValueAtItsDeadline() {
    let program = #"events 0ms:"i", 100ms:"ip", 450ms:"iph", 900ms:| | debounce 300ms"#
    #expect(
      Self.state(after: program, at: "500ms").last
        == #"  `debounce 300ms`: asked for unlimited; will send value "iph" at 750ms, for the value "iph" it got at 450ms"#
    )
    let early = Self.state(after: program, at: "120ms")
    #expect(
      early.last
        == #"  `debounce 300ms`: asked for unlimited; will send value "ip" at 400ms, for the value "ip" it got at 100ms"#
    )
    #expect(!early.joined().contains("at 300ms"))
  }

  /// By 450ms a sent "a" (100ms), b sent 1 (200ms) and 2 (400ms): (a, 1) went
  /// out at 200ms, so b's 2 waits for a's next value.
  @Test func zipHoldsWhatWaitsForAPartner() {
    let program = #"let a = marbles "-a---b-|"; let b = marbles "--1-2---|"; a | zip b"#
    #expect(
      Self.state(after: program, at: "450ms").last == "  `zip b`: asked for unlimited; waiting to pair: `a` [], `b` [2]"
    )
  }

  @Test func combineLatestHoldsTheLatestOfEachInput() {
    let program = #"let a = marbles "-a---b-|"; let b = marbles "--1-2---|"; a | combineLatest b"#
    #expect(
      Self.state(after: program, at: "300ms").last
        == #"  `combineLatest b`: asked for unlimited; latest: `a` "a" (100ms), `b` 1 (200ms)"#)
  }

  /// s sends 1…4 by 450ms; the loop took 1 at 100ms and 2 at 350ms, and sleeps
  /// until 600ms asking for nothing: the buffer holds 3 and 4. collect 250ms
  /// sent [1, 2] at 250ms, and has 3 and 4 so far.
  @Test func bufferAndCollectHoldWhatCameAndHasNotLeft() {
    let program = """
      let s = subject 100ms:1, 200ms:2, 300ms:3, 400ms:4, 500ms:5, 600ms:6, 900ms:|
      s | buffer 10 prefetch: byRequest whenFull: dropOldest | values each 250ms
      s | collect 250ms
      """
    let lines = Self.state(after: program, at: "450ms")
    #expect(
      lines.contains("  `buffer 10 prefetch: byRequest whenFull: dropOldest`: asked for nothing more; holds [3, 4]"))
    #expect(lines.contains("  `collect 250ms`: asked for unlimited; batch so far [3, 4]"))
    #expect(lines.contains("  `s`: 2 subscribers"))
  }

  /// The second subscriber of the shared interval comes at 250ms.
  @Test func shareCountsItsSubscribersAtTheInstant() {
    let program = "let t = interval 100ms | take 4 | share; t; t @250ms"
    #expect(Self.state(after: program, at: "200ms").last == "  `t`: 1 subscriber")
    #expect(Self.state(after: program, at: "300ms").last == "  `t`: 2 subscribers")
  }

  /// Swift run as it is (a class, statement order) notes its stages too, at
  /// the instant, wherever its clock runs: the stopwatch's timer is asked for
  /// everything at 2000ms, and cancelled with the stopwatch at 2500ms.
  @Test func swiftRunAsItIsNotesItsStagesToo() {
    var session = ReplSession(settings: ReplSettings())
    _ = session.submit(":paste\n" + AtCommandTests.stopwatch)
    let timer = "`Timer.publish(every: 1, on: .main, in: .common).autoconnect()`"
    #expect(session.submit(":at 2000ms").text.hasPrefix("at 2000ms:\n  \(timer): asked for unlimited\nobjects:\n"))
    #expect(session.submit(":at 3s").text.hasPrefix("at 3000ms:\n  \(timer): ended at 2500ms (cancelled)\nobjects:\n"))
  }

  /// A values loop asks for one value at a time: waiting, it has asked for 1.
  @Test func aValuesLoopAsksForOneAtATime() {
    let program = "let s = subject 100ms:1, 400ms:2; s | values each 100ms"
    #expect(Self.state(after: program, at: "300ms").first { $0.hasPrefix("  `s`") } == "  `s`: asked for 1 more")
    #expect(Self.state(after: program, at: "150ms").first { $0.hasPrefix("  `s`") } == "  `s`: asked for nothing more")
  }
}
