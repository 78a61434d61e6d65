// Generated from Snippets/54-timeout.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private enum RequestError: Error {
    case timedOut
}

@MainActor func snippet54Timeout() {
  // Form: timeout on a slow request with a custom error (networking articles)


  let slow = PassthroughSubject<String, RequestError>()
  OracleTypeLog.shared.record("0 0", types(slow))
  OracleTypeLog.shared.record("0 1", types(slow.timeout(.milliseconds(500), scheduler: DispatchQueue.main, customError: { .timedOut })))
  let cancellable = slow
      .timeout(.milliseconds(500), scheduler: DispatchQueue.main, customError: { .timedOut })
      .sink(receiveCompletion: { completion in
          if case .failure(let error) = completion {
              print("failed: \(error)")
          } else {
              print("finished")
          }
      },
            receiveValue: { print("value: \($0)") })

  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300)) { slow.send("first") }
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(1000)) { slow.send("too late") }
  OracleClock.shared.run()
  withExtendedLifetime((slow, cancellable)) { OracleLog.shared.close() }
}
