// Generated from Snippets/29-switch-to-latest.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet29SwitchToLatest() {
  // Form: switchToLatest over a subject of subjects (Combine books' chapter on switching)

  let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
  let first = PassthroughSubject<Int, Never>()
  let second = PassthroughSubject<Int, Never>()

  OracleTypeLog.shared.record("0 0", types(outer))
  OracleTypeLog.shared.record("0 1", types(outer.switchToLatest()))
  let cancellable = outer
      .switchToLatest()
      .sink(receiveCompletion: { _ in print("done") }, receiveValue: { print($0) })

  outer.send(first)
  first.send(1)
  first.send(2)
  outer.send(second)
  first.send(3)
  second.send(4)
  second.send(5)
  outer.send(completion: .finished)
  second.send(completion: .finished)
  OracleClock.shared.run()
  withExtendedLifetime((outer, first, second, cancellable)) { OracleLog.shared.close() }
}
