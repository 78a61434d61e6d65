// Generated from Snippets/36-sink-guard-if.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet36SinkGuardIf() {
  // Form: a sink with a multi-statement closure using guard, if and interpolation (app code)

  let temperatures = PassthroughSubject<Double?, Never>()
  var highest = -Double.infinity

  OracleTypeLog.shared.record("0 0", types(temperatures))
  let cancellable = temperatures.sink { reading in
      guard let reading = reading else {
          print("sensor offline")
          return
      }
      if reading > highest {
          highest = reading
          print("new high: \(reading)")
      } else if reading == highest {
          print("tied high")
      } else {
          let gap = highest - reading
          print("\(reading) is \(gap) below the high")
      }
  }

  temperatures.send(18.5)
  temperatures.send(nil)
  temperatures.send(21.0)
  temperatures.send(21.0)
  temperatures.send(19.5)
  OracleClock.shared.run()
  withExtendedLifetime((temperatures, highest, cancellable)) { OracleLog.shared.close() }
}
