// Generated from Snippets/04-prepend-subject.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet04PrependSubject() {
  // Form: a Q&A answer about prepend with a subject as the prefix publisher

  let intro = PassthroughSubject<String, Never>()
  let main = PassthroughSubject<String, Never>()

  intro.send("missed: nobody subscribed yet")
  OracleTypeLog.shared.record("0 0", types(main))
  OracleTypeLog.shared.record("0 1", types(main.prepend(intro)))
  let cancellable = main
      .prepend(intro)
      .sink(receiveCompletion: { print("completion: \($0)") },
            receiveValue: { print("value: \($0)") })

  main.send("main before intro finishes")
  intro.send("intro 1")
  intro.send(completion: .finished)
  main.send("main 1")
  main.send(completion: .finished)
  OracleClock.shared.run()
  withExtendedLifetime((intro, main, cancellable)) { OracleLog.shared.close() }
}
