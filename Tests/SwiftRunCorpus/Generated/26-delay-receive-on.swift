// Generated from Snippets/26-delay-receive-on.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet26DelayReceiveOn() {
  // Form: showing that receive(on:) makes delivery asynchronous (Q&A answers on main-queue ordering)

  let subject = PassthroughSubject<String, Never>()
  var cancellables = Set<AnyCancellable>()

  subject
      .receive(on: DispatchQueue.main)
      .sink { print("on main: \($0)") }
      .store(in: &cancellables)

  subject
      .delay(for: .milliseconds(50), scheduler: DispatchQueue.main)
      .sink { print("delayed: \($0)") }
      .store(in: &cancellables)

  subject
      .sink { print("direct: \($0)") }
      .store(in: &cancellables)

  subject.send("a")
  print("after send a")
  subject.send("b")
  OracleClock.shared.run()
  withExtendedLifetime((subject, cancellables)) { OracleLog.shared.close() }
}
