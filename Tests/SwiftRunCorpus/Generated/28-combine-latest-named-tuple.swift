// Generated from Snippets/28-combine-latest-named-tuple.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet28CombineLatestNamedTuple() {
  // Form: combineLatest with a named-tuple closure ({ name, age in … }), as in Q&A answers

  let name = CurrentValueSubject<String, Never>("anon")
  let age = PassthroughSubject<Int, Never>()

  let summary = name.combineLatest(age) { name, age in
      "\(name) is \(age)"
  }
  OracleTypeLog.shared.record("0 0", types(name))
  OracleTypeLog.shared.record("0 1", types(name.combineLatest(age) { name, age in "\(name) is \(age)" }))
  let cancellable = summary.sink { text in print(text) }

  age.send(20)
  name.send("Zoe")
  age.send(21)
  OracleClock.shared.run()
  withExtendedLifetime((name, age, summary, cancellable)) { OracleLog.shared.close() }
}
