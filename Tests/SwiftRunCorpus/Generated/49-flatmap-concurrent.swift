// Generated from Snippets/49-flatmap-concurrent.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet49FlatmapConcurrent() {
  // Form: plain flatMap running inner requests at the same time (operator tutorials)

  let ids = PassthroughSubject<Int, Never>()
  OracleTypeLog.shared.record("0 0", types(ids))
  OracleTypeLog.shared.record("0 1", types(ids.flatMap { id in Just("user \(id)") .delay(for: .milliseconds(400 - id * 100), scheduler: DispatchQueue.main) }))
  let cancellable = ids
      .flatMap { id in
          Just("user \(id)")
              .delay(for: .milliseconds(400 - id * 100), scheduler: DispatchQueue.main)
      }
      .sink { print($0) }

  ids.send(1)
  ids.send(2)
  ids.send(3)
  OracleClock.shared.run()
  withExtendedLifetime((ids, cancellable)) { OracleLog.shared.close() }
}
