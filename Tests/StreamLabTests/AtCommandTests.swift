import StreamCore
import Testing

@testable import StreamLab

/// Issue 30, item 2: `:at TIME` reports the last run's objects as they were
/// at TIME, leaks included, by running the program again up to TIME. The
/// stopwatch is the corpus's paste 75/76, whose release swiftc's build
/// prints at 2500ms (`Tests/SwiftRunCorpus/Truth`).
@Suite struct AtCommandTests {
  static let stopwatch = """
    final class Stopwatch {
      var seconds = 0
      var cancellable: AnyCancellable?
      init() {
        cancellable = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
          .sink { [weak self] _ in self?.seconds += 1 }
      }
    }
    var stopwatch: Stopwatch? = Stopwatch()
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(2500)) { stopwatch = nil }
    """

  @Test func parses() {
    #expect(MetaCommand.parse(":at 2600ms") == .success(.at(.milliseconds(2600))))
    #expect(MetaCommand.parse(":at") == .failure(.missingArgument(":at", "a time")))
    #expect(MetaCommand.parse(":at soon") == .failure(.badArgument(":at", "soon", "a time such as 2600ms or 1.5s")))
  }

  @Test func aCycleIsReportedOnlyOnceItsOwnerWasLetGoOf() {
    var session = ReplSession(settings: ReplSettings())
    _ = session.submit("let vm = owner; interval 1s sink strong vm store vm; release vm @2500ms")
    // The stages come first (issue 33), then the objects.
    #expect(
      session.submit(":at 1500ms").text
        == "at 1500ms:\n  `interval 1s`: asked for unlimited\nobjects:\n  vm  made at 0ms, alive (the program still holds it)"
    )
    let later = session.submit(":at 3s").text
    #expect(
      later.hasPrefix(
        "at 3000ms:\n  `interval 1s`: asked for unlimited\nobjects:\n"
          + "  vm  made at 0ms, leaked: alive, and nothing the program can name reaches it\n"), "\(later)")
    #expect(later.contains("still at 3000ms"), "\(later)")
    // Nothing was rebound or rerun for good: the last run is still the whole one.
    #expect(session.submit(":events").text.contains("t=10000ms  value 9"))
  }

  @Test func aPastedObjectIsAliveBeforeItsReleaseAndReleasedAfter() {
    var session = ReplSession(settings: ReplSettings())
    _ = session.submit(":paste\n" + Self.stopwatch)
    #expect(
      session.submit(":at 2000ms").text.hasSuffix("\n  Stopwatch  made at 0ms, alive (the program still holds it)"))
    let after = session.submit(":at 3s").text
    #expect(after.contains("Stopwatch  made at 0ms, released at 2500ms (its deinit ran then)"), "\(after)")
    #expect(after.contains("cancelled at 2500ms"), "\(after)")
    #expect(after.contains("by line 10: stopwatch = nil"), "\(after)")
  }

  @Test func withoutAnOwnerItSaysSoAndWithoutARunItSaysThat() {
    var session = ReplSession(settings: ReplSettings())
    #expect(session.submit(":at 1s").isError)
    _ = session.submit("just 1")
    #expect(session.submit(":at 1s").text == "at 1000ms:\n  `just 1`: ended at 0ms (finished)")
  }

  @Test func aPastedExportIsLookedAtAsItRanThroughTheFrontDoor() {
    // The export is read back by the short-form reader (the interpreter
    // refuses its `typealias`): `:at` must take the same path, not the interpreter's.
    var exporting = ReplSession(settings: ReplSettings())
    _ = exporting.submit("let vm = owner; interval 1s sink weak vm store vm; release vm @2500ms")
    let export = exporting.submit(":swift").text
    var session = ReplSession(settings: ReplSettings())
    #expect(!session.submit(":paste\n" + export).isError)
    let reply = session.submit(":at 3s").text
    #expect(reply.contains("objects:\n  vm  made at 0ms, released at 2500ms (its deinit ran then)"), "\(reply)")
  }
}
