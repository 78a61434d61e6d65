// Generated from Snippets/02-send-before-subscribe.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet02SendBeforeSubscribe() {
  // Form: a Q&A answer explaining why a PassthroughSubject "loses" the first value

  let subject = PassthroughSubject<String, Never>()
  subject.send("too early")

  OracleTypeLog.shared.record("0 0", types(subject))
  let cancellable = subject.sink { print("got \($0)") }
  subject.send("hello")
  subject.send("world")
  OracleClock.shared.run()
  withExtendedLifetime((subject, cancellable)) { OracleLog.shared.close() }
}
