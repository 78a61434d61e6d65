// Generated from Snippets/79-assign-to-published.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private final class ClockModel {
    @Published var ticks = 0

    init() {
        OracleTypeLog.shared.record("0 0", types(Timer.publish(every: 1, on: .main, in: .common) .autoconnect()))
        OracleTypeLog.shared.record("0 1", types(Timer.publish(every: 1, on: .main, in: .common) .autoconnect().scan(0) { count, _ in count + 1 }))
        Timer.publish(every: 1, on: .main, in: .common)
            .autoconnect()
            .scan(0) { count, _ in count + 1 }
            .assign(to: &$ticks)
    }

    deinit {
        print("ClockModel deinit")
    }
}

@MainActor func snippet79AssignToPublished() {
  // Form: assign(to: &$property), tied to the @Published property's lifetime, so no cycle (WWDC 2020-era articles on assign(to:))


  var model: ClockModel? = ClockModel()
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(2500)) {
      print("ticks \(model?.ticks ?? -1)")
      model = nil
      print("model released")
  }
  OracleClock.shared.run()
  withExtendedLifetime(model) { OracleLog.shared.close() }
}
