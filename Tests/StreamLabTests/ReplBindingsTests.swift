import Testing

@testable import StreamLab

/// A playground session with thousands of bindings (issue 26): `:load` of a
/// file as big as the limits allow stops at Ctrl-C in every phase, and
/// `:clear` lets go of everything the bindings held.
@Suite struct ReplBindingsTests {
  /// A flag the test raises, as the SIGINT handler raises the shell's.
  final class Flag: @unchecked Sendable {
    var isRaised = false
  }

  /// 10,000 statements, the most one program may have: 9,999 bindings, each
  /// mapping the one before, and a pipeline that builds them all.
  static let bigFile =
    (["let a0 = just 1"] + (1..<9_999).map { "let a\($0) = a\($0 - 1) | map x + 1" } + ["a9998 | map x + 1"])
    .joined(separator: "\n")

  @Test func loadingAFileAtTheStatementLimitRunsIt() {
    // 9,999 bindings none of which uses another, and a pipeline using the last.
    let flat = ((0..<9_999).map { "let a\($0) = just \($0)" } + ["a9998 | map x + 1"]).joined(separator: "\n")
    var session = ReplSession()
    let reply = session.load(flat, from: "flat.txt")
    #expect(!reply.isError)
    #expect(reply.text.contains("9999"))
    #expect(session.boundNames.count == 9_999)
  }

  @Test func ctrlCBeforeALoadIsReadStopsItAndBindsNothing() {
    let flag = Flag()
    var session = ReplSession(isInterrupted: { flag.isRaised })
    #expect(session.submit("let kept = just 42") == ReplReply(text: "bound kept"))
    // Raised before the load: reading stops at its first look, 64 statements in.
    flag.isRaised = true
    let reply = session.load(Self.bigFile, from: "big.txt")
    #expect(reply.isError)
    #expect(reply.text.contains("big.txt:64:1: error: stopped by Ctrl-C while reading this program, before it ran"))
    #expect(session.boundNames == ["kept"])
    flag.isRaised = false
    #expect(session.submit("kept | map x + 1").text.contains("43"))
  }

  @Test func ctrlCStopsTypeOfABigProgram() {
    let flag = Flag()
    var session = ReplSession(isInterrupted: { flag.isRaised })
    flag.isRaised = true
    let reply = session.submit(":type " + Self.bigFile.split(separator: "\n").joined(separator: "; "))
    #expect(reply.isError)
    #expect(reply.text.contains("stopped by Ctrl-C while reading this program"))
  }

  @Test func clearForgetsTheLastRunWithTheBindingsItUsed() {
    var session = ReplSession()
    _ = session.submit("let a = just 1")
    #expect(!session.submit("a | map x + 1").isError)
    #expect(session.submit(":clear").text == "forgot 1 binding")
    let trace = session.submit(":trace")
    #expect(trace.isError)
    #expect(trace.text == "there is no run to trace: `:clear` forgot the last run with the bindings it used")
    #expect(session.submit(":swift").isError)
  }
}
