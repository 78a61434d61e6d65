// Generated from Snippets/77-assign-on-self-timer-leak.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private final class ClockModel {
    var now = Date(timeIntervalSince1970: 0) {
        didSet { print("now \(now.timeIntervalSince1970)") }
    }
    var cancellable: AnyCancellable?

    init() {
        OracleTypeLog.shared.record("0 0", types(Timer.publish(every: 2, on: .main, in: .common) .autoconnect()))
        cancellable = Timer.publish(every: 2, on: .main, in: .common)
            .autoconnect()
            .assign(to: \.now, on: self)
    }

    deinit {
        print("ClockModel deinit")
    }
}

@MainActor func snippet77AssignOnSelfTimerLeak() {
  // Form: assign(to:on: self) from a Timer, which retains self for as long as the timer runs (articles contrasting assign(to:on:) and assign(to:))


  var model: ClockModel? = ClockModel()
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(3000)) {
      model = nil
      print("model released")
  }
  OracleClock.shared.run()
  withExtendedLifetime(model) { OracleLog.shared.close() }
}
