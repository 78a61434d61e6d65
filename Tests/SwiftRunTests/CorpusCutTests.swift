import StreamCore
import StreamLang
import SwiftRun
import Testing

/// Cuts of the corpus's snippets (a line deleted, a prefix of lines) that
/// `scripts/swiftrun-cuts` found drawing what Swift does not draw, without a
/// word. Each expectation is what swiftc's build of the same cut against
/// OpenCombine printed on the oracle's virtual clock, or Swift's refusal.
@Suite struct CorpusCutTests {
  /// `21-timer-dates` without `.map { $0.timeIntervalSince(start) }`: a
  /// timer's `Date` printed as Foundation prints it, to the second.
  @Test func aDateIsPrintedAsFoundationPrintsIt() {
    let log = printed(
      """
      // Form: a clock that maps Timer.publish's Date values, as in Q&A answers about timers
      import Combine
      import Foundation

      let start = Date()
      var subscriptions = Set<AnyCancellable>()
      Timer.publish(every: 0.5, on: RunLoop.main, in: .default)
          .autoconnect()
          .prefix(4)
          .sink { elapsed in
              print("elapsed \\(elapsed)s")
          }
          .store(in: &subscriptions)

      Timer.publish(every: 1.25, on: .main, in: .common)
          .autoconnect()
          .map(\\.timeIntervalSince1970)
          .first()
          .sink { print("first tick at \\($0)") }
          .store(in: &subscriptions)
      """)
    #expect(
      log == [
        "500ms: elapsed 1970-01-01 00:00:00 +0000s", "1000ms: elapsed 1970-01-01 00:00:01 +0000s",
        "1250ms: first tick at 1.25", "1500ms: elapsed 1970-01-01 00:00:01 +0000s",
        "2000ms: elapsed 1970-01-01 00:00:02 +0000s",
      ])
  }
}
