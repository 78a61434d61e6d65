// Generated from Snippets/20-timer-autoconnect.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet20TimerAutoconnect() {
  // Form: a countdown driven by Timer.publish(...).autoconnect() with prefix (SwiftUI timer tutorials)

  var remaining = 3
  OracleTypeLog.shared.record("0 0", types(Timer.publish(every: 1, on: .main, in: .common) .autoconnect()))
  OracleTypeLog.shared.record("0 1", types(Timer.publish(every: 1, on: .main, in: .common) .autoconnect().prefix(3)))
  let countdown = Timer.publish(every: 1, on: .main, in: .common)
      .autoconnect()
      .prefix(3)
      .sink(receiveCompletion: { _ in
          print("liftoff")
      }, receiveValue: { _ in
          remaining -= 1
          print("\(remaining + 1)...")
      })
  OracleClock.shared.run()
  withExtendedLifetime((remaining, countdown)) { OracleLog.shared.close() }
}
