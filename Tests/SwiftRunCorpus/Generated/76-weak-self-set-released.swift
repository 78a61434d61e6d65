// Generated from Snippets/76-weak-self-set-released.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private final class StopwatchViewModel {
    var seconds = 0
    private var cancellables = Set<AnyCancellable>()

    init() {
        OracleTypeLog.shared.record("0 0", types(Timer.publish(every: 1, on: .main, in: .common) .autoconnect()))
        OracleTypeLog.shared.record("0 1", types(Timer.publish(every: 1, on: .main, in: .common) .autoconnect().handleEvents(receiveCancel: { print("timer cancelled") })))
        Timer.publish(every: 1, on: .main, in: .common)
            .autoconnect()
            .handleEvents(receiveCancel: { print("timer cancelled") })
            .sink { [weak self] _ in
                guard let self = self else { return }
                self.seconds += 1
                print("tick \(self.seconds)")
            }
            .store(in: &cancellables)
    }

    deinit {
        print("StopwatchViewModel deinit")
    }
}

@MainActor func snippet76WeakSelfSetReleased() {
  // Form: the same view model with [weak self] and a Set<AnyCancellable>, released when the screen closes (articles on Combine retain cycles)


  var stopwatch: StopwatchViewModel? = StopwatchViewModel()
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(2500)) {
      stopwatch = nil
      print("screen closed")
  }
  OracleClock.shared.run()
  withExtendedLifetime(stopwatch) { OracleLog.shared.close() }
}
