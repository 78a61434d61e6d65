// Generated from Snippets/83-delay-in-flight-keeps-owner.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private final class ReceiptLoader {
    var cancellable: AnyCancellable?
    var receipt = ""

    func load() {
        OracleTypeLog.shared.record("0 0", types(Just("receipt 42")))
        OracleTypeLog.shared.record("0 1", types(Just("receipt 42").delay(for: .milliseconds(500), scheduler: DispatchQueue.main)))
        cancellable = Just("receipt 42")
            .delay(for: .milliseconds(500), scheduler: DispatchQueue.main)
            .sink { value in
                self.receipt = value
                print("loaded \(value)")
            }
    }

    deinit {
        print("ReceiptLoader deinit")
    }
}

@MainActor func snippet83DelayInFlightKeepsOwner() {
  // Form: a loader let go of while its delayed result is still on its way; the sink captures self, so the in-flight delay keeps it until the value lands (articles on Combine retain cycles)


  var loader: ReceiptLoader? = ReceiptLoader()
  loader?.load()
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) {
      loader = nil
      print("screen closed")
  }
  OracleClock.shared.run()
  withExtendedLifetime(loader) { OracleLog.shared.close() }
}
