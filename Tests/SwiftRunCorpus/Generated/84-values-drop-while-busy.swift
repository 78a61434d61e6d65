// Generated from Snippets/84-values-drop-while-busy.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet84ValuesDropWhileBusy() async {
  // Form: An async/await article's trap: a subject read through `.values` while the loop's body is busy.

  let subject = PassthroughSubject<Int, Never>()

  let consumer = Task {
    OracleTypeLog.shared.record("0 0", types(subject))
    for await value in subject.values {
      print("got \(value)")
      try? await Task.sleep(for: .milliseconds(250))
    }
    print("loop ended")
  }

  for value in 1...6 {
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100 * value)) {
      print("send \(value)")
      subject.send(value)
    }
  }
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(900)) {
    subject.send(completion: .finished)
  }
  await OracleTasks.untilIdle()
  withExtendedLifetime((subject, consumer)) { OracleLog.shared.close() }
}
