// Generated from Snippets/74-local-sink-in-init.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private final class ProfileLoader {
    let updates = PassthroughSubject<String, Never>()

    init() {
        OracleTypeLog.shared.record("0 0", types(updates))
        OracleTypeLog.shared.record("0 1", types(updates.handleEvents(receiveCancel: { print("cancelled") })))
        let subscription = updates
            .handleEvents(receiveCancel: { print("cancelled") })
            .sink { print("update: \($0)") }
        updates.send("inside init")
        print("init ends")
        _ = subscription
    }

    deinit {
        print("ProfileLoader deinit")
    }
}

@MainActor func snippet74LocalSinkInInit() {
  // Form: a subscription kept in a local constant inside init, cancelled when init returns (Q&A answers "my sink stops at once")


  let loader = ProfileLoader()
  loader.updates.send("after init")
  print("done")
  OracleClock.shared.run()
  withExtendedLifetime(loader) { OracleLog.shared.close() }
}
