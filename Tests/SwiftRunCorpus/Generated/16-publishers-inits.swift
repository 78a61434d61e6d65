// Generated from Snippets/16-publishers-inits.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet16PublishersInits() {
  // Form: operators built with their Publishers.X(upstream:…) initialisers, as in Apple's reference pages

  let source = PassthroughSubject<Int, Never>()
  let mapped = Publishers.Map(upstream: source) { $0 * $0 }
  let filtered = Publishers.Filter(upstream: mapped) { $0 % 2 == 1 }
  let delayed = Publishers.Delay(upstream: filtered, interval: .milliseconds(100), tolerance: .zero, scheduler: DispatchQueue.main)
  let counted = Publishers.Scan(upstream: delayed, initialResult: 0) { total, next in total + next }

  let cancellable = counted.sink { print("running odd-square total: \($0)") }
  source.send(1)
  source.send(2)
  source.send(3)
  OracleClock.shared.run()
  withExtendedLifetime((source, mapped, filtered, delayed, counted, cancellable)) { OracleLog.shared.close() }
}
