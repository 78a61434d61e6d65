import Marbles
import StreamCore
import SwiftRun
import Testing

/// What a run printed, each line with its virtual time: `250ms: swift`.
func printed(_ swift: String) -> [String] {
  switch SwiftRun.run(swift) {
  case .ran(let result, _): return result.log.map { "\($0.time): \($0.text)" }
  case .refused(let diagnostic): return ["refused: \(diagnostic.message)"]
  case .tested: return ["tested"]
  }
}

@Suite struct SwiftRunSmokeTests {
  @Test func statementsRunInOrderAndASendBeforeTheSubscriptionIsMissed() {
    let log = printed(
      """
      let subject = PassthroughSubject<Int, Never>()
      subject.send(1)
      let c = subject.map { $0 * 10 }.sink { print("got \\($0)") }
      subject.send(2)
      subject.send(3)
      """)
    #expect(log == ["0ms: got 20", "0ms: got 30"])
  }
}
