// Generated from Snippets/45-discarded-cancellable.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet45DiscardedCancellable() {
  // Form: the classic mistake of not keeping the AnyCancellable (Q&A answers "my sink is never called")

  let subject = PassthroughSubject<String, Never>()
  OracleTypeLog.shared.record("0 0", types(subject))
  _ = subject.sink { print("never printed: \($0)") }

  var kept = Set<AnyCancellable>()
  OracleTypeLog.shared.record("1 0", types(subject))
  subject.sink { print("kept: \($0)") }.store(in: &kept)

  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) {
      subject.send("ping")
  }
  OracleClock.shared.run()
  withExtendedLifetime((subject, kept)) { OracleLog.shared.close() }
}
