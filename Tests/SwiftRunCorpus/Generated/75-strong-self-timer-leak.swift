// Generated from Snippets/75-strong-self-timer-leak.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private final class StopwatchViewModel {
    var seconds = 0
    var cancellable: AnyCancellable?

    init() {
        OracleTypeLog.shared.record("0 0", types(Timer.publish(every: 1, on: .main, in: .common) .autoconnect()))
        cancellable = Timer.publish(every: 1, on: .main, in: .common)
            .autoconnect()
            .sink { _ in
                self.seconds += 1
                print("tick \(self.seconds)")
            }
    }

    deinit {
        print("StopwatchViewModel deinit")
    }
}

@MainActor func snippet75StrongSelfTimerLeak() {
  // Form: a view model whose timer sink captures self strongly, kept alive by its own cancellable (articles on Combine retain cycles)


  var stopwatch: StopwatchViewModel? = StopwatchViewModel()
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(2500)) {
      stopwatch = nil
      print("screen closed")
  }
  OracleClock.shared.run()
  withExtendedLifetime(stopwatch) { OracleLog.shared.close() }
}
