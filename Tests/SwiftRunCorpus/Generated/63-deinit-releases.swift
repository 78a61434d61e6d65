// Generated from Snippets/63-deinit-releases.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private final class TickerViewModel {
    private var cancellable: AnyCancellable?
    let name: String

    init(name: String) {
        self.name = name
        OracleTypeLog.shared.record("0 0", types(Timer.publish(every: 0.25, on: .main, in: .common) .autoconnect()))
        cancellable = Timer.publish(every: 0.25, on: .main, in: .common)
            .autoconnect()
            .sink { [weak self] _ in
                guard let self else { return }
                print("\(self.name) tick")
            }
    }

    deinit {
        print("\(name) deinit")
    }
}

@MainActor func snippet63DeinitReleases() {
  // Form: a view model released while a timer pipeline runs, with deinit printing (articles on retain cycles)


  var ticker: TickerViewModel? = TickerViewModel(name: "ticker")
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(600)) {
      ticker = nil
  }
  OracleClock.shared.run()
  withExtendedLifetime(ticker) { OracleLog.shared.close() }
}
