// Generated from Snippets/35-collect-count.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet35CollectCount() {
  // Form: batching uploads with collect(_:) (articles on batching)

  let events = PassthroughSubject<String, Never>()
  OracleTypeLog.shared.record("0 0", types(events))
  OracleTypeLog.shared.record("0 1", types(events.collect(3)))
  let cancellable = events
      .collect(3)
      .sink(receiveCompletion: { _ in print("flushed") },
            receiveValue: { batch in print("upload batch of \(batch.count): \(batch)") })

  for name in ["open", "tap", "scroll", "tap", "close"] {
      events.send(name)
  }
  events.send(completion: .finished)
  OracleClock.shared.run()
  withExtendedLifetime((events, cancellable)) { OracleLog.shared.close() }
}
