// Generated from Snippets/85-values-buffer-saves.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet85ValuesBufferSaves() {
  // Form: The same article's fix: a `buffer` in front of `.values` keeps what the busy loop has not asked for yet.

  let subject = PassthroughSubject<Int, Never>()

  let consumer = Task {
    let buffered = subject.buffer(size: 10, prefetch: .byRequest, whenFull: .dropOldest)
    OracleTypeLog.shared.record("0 0", types(subject))
    OracleTypeLog.shared.record("0 1", types(subject.buffer(size: 10, prefetch: .byRequest, whenFull: .dropOldest)))
    for await value in buffered.values {
      print("got \(value)")
      try? await Task.sleep(for: .milliseconds(250))
    }
    print("loop ended")
  }

  for value in 1...6 {
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100 * value)) {
      subject.send(value)
    }
  }
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(900)) {
    subject.send(completion: .finished)
  }
  OracleClock.shared.run()
  withExtendedLifetime((subject, consumer)) { OracleLog.shared.close() }
}
