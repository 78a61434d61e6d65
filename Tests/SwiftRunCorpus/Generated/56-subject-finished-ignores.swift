// Generated from Snippets/56-subject-finished-ignores.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet56SubjectFinishedIgnores() {
  // Form: a subject that finishes and then ignores sends (Q&A answers about completed subjects)

  let events = PassthroughSubject<String, Never>()
  OracleTypeLog.shared.record("0 0", types(events))
  let early = events.sink(receiveCompletion: { print("early: \($0)") }, receiveValue: { print("early got \($0)") })

  events.send("one")
  events.send(completion: .finished)
  events.send("two")

  OracleTypeLog.shared.record("1 0", types(events))
  let late = events.sink(receiveCompletion: { print("late: \($0)") }, receiveValue: { print("late got \($0)") })
  OracleClock.shared.run()
  withExtendedLifetime((events, early, late)) { OracleLog.shared.close() }
}
