// Generated from Snippets/45-discarded-cancellable.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet45DiscardedCancellable() {
  // Form: the classic mistake of not keeping the AnyCancellable (Q&A answers "my sink is never called")

  let subject = PassthroughSubject<String, Never>()
  _ = subject.sink { print("never printed: \($0)") }

  var kept = Set<AnyCancellable>()
  subject.sink { print("kept: \($0)") }.store(in: &kept)

  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) {
      subject.send("ping")
  }
  OracleClock.shared.run()
  withExtendedLifetime((subject, kept)) { OracleLog.shared.close() }
}
