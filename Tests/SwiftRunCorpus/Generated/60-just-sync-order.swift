// Generated from Snippets/60-just-sync-order.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet60JustSyncOrder() {
  // Form: showing that Just delivers synchronously during sink (introductory articles)

  print("before subscribing")
  OracleTypeLog.shared.record("0 0", types(Just("hello")))
  OracleTypeLog.shared.record("0 1", types(Just("hello").map { $0.uppercased() }))
  let cancellable = Just("hello")
      .map { $0.uppercased() }
      .sink(receiveCompletion: { print("completion: \($0)") },
            receiveValue: { print("value: \($0)") })
  print("after subscribing")
  OracleClock.shared.run()
  withExtendedLifetime(cancellable) { OracleLog.shared.close() }
}
