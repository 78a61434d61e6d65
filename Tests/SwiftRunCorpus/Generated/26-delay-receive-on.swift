// Generated from Snippets/26-delay-receive-on.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet26DelayReceiveOn() {
  // Form: showing that receive(on:) makes delivery asynchronous (Q&A answers on main-queue ordering)

  let subject = PassthroughSubject<String, Never>()
  var cancellables = Set<AnyCancellable>()

  OracleTypeLog.shared.record("0 0", types(subject))
  OracleTypeLog.shared.record("0 1", types(subject.receive(on: DispatchQueue.main)))
  subject
      .receive(on: DispatchQueue.main)
      .sink { print("on main: \($0)") }
      .store(in: &cancellables)

  OracleTypeLog.shared.record("1 0", types(subject))
  OracleTypeLog.shared.record("1 1", types(subject.delay(for: .milliseconds(50), scheduler: DispatchQueue.main)))
  subject
      .delay(for: .milliseconds(50), scheduler: DispatchQueue.main)
      .sink { print("delayed: \($0)") }
      .store(in: &cancellables)

  OracleTypeLog.shared.record("2 0", types(subject))
  subject
      .sink { print("direct: \($0)") }
      .store(in: &cancellables)

  subject.send("a")
  print("after send a")
  subject.send("b")
  OracleClock.shared.run()
  withExtendedLifetime((subject, cancellables)) { OracleLog.shared.close() }
}
