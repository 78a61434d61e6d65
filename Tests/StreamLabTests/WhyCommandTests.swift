import StreamCore
import Testing

@testable import StreamLab

/// Issue 33, item 3: `:why` explains one event of the last run by the chain
/// of events it was made from, and draws only those marbles. The debounce is
/// the issue's own example: "iph" at 450ms is followed by 300ms of quiet.
@Suite struct WhyCommandTests {
  static let search = #"events 0ms:"i", 100ms:"ip", 450ms:"iph", 900ms:| | debounce 300ms"#

  @Test func parses() {
    #expect(MetaCommand.parse(":why 3") == .success(.why(CauseReport.Question(row: nil, number: 3))))
    #expect(
      MetaCommand.parse(":why debounce 300ms 2")
        == .success(.why(CauseReport.Question(row: "debounce 300ms", number: 2))))
    #expect(MetaCommand.parse(":why") == .failure(.missingArgument(":why", "an event number")))
    #expect(
      MetaCommandError.missingArgument(":why", "an event number").description
        == "`:why` needs an event number, like `:why 2`")
    #expect(
      MetaCommand.parse(":why the last")
        == .failure(
          .badArgument(":why", "the last", "a row's label, then the event's number, like `:why debounce 300ms 2`")))
  }

  @Test func theDebounceSurvivorIsMadeFromItsInputAndNotTheOneItReplaced() throws {
    var session = ReplSession(settings: ReplSettings())
    _ = session.submit(Self.search)
    let reply = session.submit(":why 1").text
    let lines = reply.split(separator: "\n").map(String.init)
    #expect(lines.first == #"why `debounce 300ms` "ip" at 400ms:"#, "\(reply)")
    #expect(
      lines.contains(#"  made from `events 0ms:"i", 100ms:"ip", 450ms:"iph", 900ms:|` "ip" at 100ms"#), "\(reply)")
    #expect(
      lines.contains(
        #"  and not from what came before it and made nothing here: `events 0ms:"i", 100ms:"ip", 450ms:"iph", 900ms:|` "i" at 0ms"#
      ), "\(reply)")
    // The diagram keeps only the two marbles: the source's row (under its
    // long label) holds "ip" alone, the output's "ip" alone; "i" and "iph" are gone.
    let label = try #require(lines.lastIndex { $0.hasPrefix("  events 0ms") })
    #expect(lines[label + 1].trimmingCharacters(in: .whitespaces) == "-ip-------", "\(reply)")
    #expect(lines[label + 2] == "> debounce 300ms                ----ip----", "\(reply)")
  }

  /// The 1,000th value of a `scan` over 1,000 values was made from the
  /// 1,000th input and the 999th sum, and those from the ones before: 1,999
  /// events in all. Two are named as "made from", thirty as "which came
  /// from", and the other 1,967 are counted, back to the first, `range`'s 0.
  @Test func aLongChainNamesThirtyEventsAndCountsTheRest() {
    var session = ReplSession(settings: ReplSettings())
    _ = session.submit("range 0..<1000 | scan 0, acc + x")
    let lines = session.submit(":why 1000").text.split(separator: "\n").map(String.init)
    #expect(lines.first == "why `scan 0, acc + x` 499500 at 0ms:")
    #expect(lines.filter { $0.hasPrefix("  made from ") }.count == 2)
    let further = lines.filter { $0.hasPrefix("    which came from ") }
    #expect(further.count == 31)
    #expect(further.last == "    which came from 1967 more, back to `range 0..<1000` 0 at 0ms")
  }

  @Test func aCombineLatestTupleNamesBothHalves() {
    var session = ReplSession(settings: ReplSettings())
    _ = session.submit(#"let a = marbles "-a---b-|"; let b = marbles "--1-2---|"; a | combineLatest b"#)
    let reply = session.submit(":why 3").text
    #expect(reply.hasPrefix(#"why `combineLatest b` ("b", 2) at 500ms:"#), "\(reply)")
    #expect(reply.contains("  made from `a` \"b\" at 500ms\n  made from `b` 2 at 400ms"), "\(reply)")
  }

  @Test func aRowIsNamedByItsLabelAndABadQuestionIsAnswered() {
    var session = ReplSession(settings: ReplSettings())
    _ = session.submit("just 1,2,3 | map x * 10")
    #expect(session.submit(":why just 1,2,3 2").text.contains("a source sent it at its time"))
    #expect(
      session.submit(":why 9").text == "`map x * 10` has 4 events (values and endings): ask for 1 to 4")
    #expect(
      session.submit(":why nothing 1").text
        == "no row is labelled `nothing`; the rows are `just 1,2,3`, `map x * 10`")
  }

  @Test func nothingRanYet() {
    var session = ReplSession(settings: ReplSettings())
    #expect(session.submit(":why 1").text.hasPrefix("nothing has run yet"))
  }
}
