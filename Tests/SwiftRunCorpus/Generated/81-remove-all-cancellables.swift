// Generated from Snippets/81-remove-all-cancellables.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private final class FeedViewModel {
    var cancellables = Set<AnyCancellable>()

    func start() {
        OracleTypeLog.shared.record("0 0", types(Timer.publish(every: 1, on: .main, in: .common) .autoconnect()))
        Timer.publish(every: 1, on: .main, in: .common)
            .autoconnect()
            .sink { _ in print("feed refresh") }
            .store(in: &cancellables)
        OracleTypeLog.shared.record("1 0", types(Timer.publish(every: 0.7, on: .main, in: .common) .autoconnect()))
        Timer.publish(every: 0.7, on: .main, in: .common)
            .autoconnect()
            .sink { _ in print("badge refresh") }
            .store(in: &cancellables)
    }
}

@MainActor func snippet81RemoveAllCancellables() {
  // Form: cancelling every subscription of an owner with cancellables.removeAll() (Q&A answers on stopping subscriptions)


  let feed = FeedViewModel()
  feed.start()
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(4500)) {
      feed.cancellables.removeAll()
      print("removed \(feed.cancellables.count)")
  }
  OracleClock.shared.run()
  withExtendedLifetime(feed) { OracleLog.shared.close() }
}
