// Generated from Snippets/03-current-value-replays.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet03CurrentValueReplays() {
  // Form: a tutorial contrasting CurrentValueSubject with PassthroughSubject

  let passthrough = PassthroughSubject<Int, Never>()
  let current = CurrentValueSubject<Int, Never>(0)

  passthrough.send(1)
  current.send(1)

  var subscriptions = Set<AnyCancellable>()
  OracleTypeLog.shared.record("0 0", types(passthrough))
  passthrough.sink { print("passthrough: \($0)") }.store(in: &subscriptions)
  OracleTypeLog.shared.record("1 0", types(current))
  current.sink { print("current: \($0)") }.store(in: &subscriptions)

  passthrough.send(2)
  current.send(2)
  print("current.value is \(current.value)")
  OracleClock.shared.run()
  withExtendedLifetime((passthrough, current, subscriptions)) { OracleLog.shared.close() }
}
