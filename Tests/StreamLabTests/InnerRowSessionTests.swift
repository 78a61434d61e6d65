import StreamCore
import Testing

@testable import StreamLab

/// `:inner on|off` and `:trace` with inner subscriptions, as the REPL drives them.
@Suite struct InnerRowSessionTests {
  static let program = #"fail "boom" | catch { just 0 }"#

  @Test func innerRowsAreShownByDefaultAndInnerOffHidesThemFromEveryFormat() {
    var session = ReplSession(settings: ReplSettings())
    #expect(session.submit(Self.program).text.contains(#"    ↳ # "boom"      (0 |)"#))
    #expect(session.submit(":inner").text == "inner rows: on")
    #expect(session.submit(":inner off").text == "inner rows: off")
    #expect(!session.submit(Self.program).text.contains("↳"))
    #expect(!session.submit(":json").text.contains(#""parent""#))
    #expect(!session.submit(":events").text.contains("↳"))
    #expect(session.submit(":inner on").text == "inner rows: on")
    #expect(session.submit(":json").text.contains(#""parent": 1, "inner": 1"#))
  }

  @Test func innerTakesOnlyOnOrOff() {
    var session = ReplSession(settings: ReplSettings())
    let reply = session.submit(":inner maybe")
    #expect(reply.isError)
    #expect(reply.text == "`:inner` expected on or off, not `maybe`")
  }

  @Test func traceNestsAnInnerSubscriptionUnderItsOperator() {
    var session = ReplSession(settings: ReplSettings())
    _ = session.submit(Self.program)
    #expect(
      session.submit(":trace").text.hasSuffix(
        """
          catch { just 0 }
            0ms  receive subscription
            0ms  request unlimited
            0ms  receive value: (0)
            0ms  receive finished
            ↳ # "boom"  (inner subscription 1)
              0ms  receive subscription
              0ms  request unlimited
              0ms  receive value: (0)
              0ms  receive finished
        """))
  }
}
