// Generated from Snippets/31-retry-attempts.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private enum NetworkError: Error {
    case unavailable(attempt: Int)
}

@MainActor func snippet31RetryAttempts() {
  // Form: retry around a Deferred request that fails twice, with a captured attempt counter (networking articles)


  var attempts = 0
  let request = Deferred {
      Future<String, NetworkError> { promise in
          attempts += 1
          print("attempt \(attempts)")
          if attempts < 3 {
              promise(.failure(.unavailable(attempt: attempts)))
          } else {
              promise(.success("payload"))
          }
      }
  }

  OracleTypeLog.shared.record("0 0", types(Deferred { Future<String, NetworkError> { promise in attempts += 1; print("attempt \(attempts)"); if attempts < 3 { promise(.failure(.unavailable(attempt: attempts))) } else { promise(.success("payload")) } } }))
  OracleTypeLog.shared.record("0 1", types(Deferred { Future<String, NetworkError> { promise in attempts += 1; print("attempt \(attempts)"); if attempts < 3 { promise(.failure(.unavailable(attempt: attempts))) } else { promise(.success("payload")) } } }.retry(3)))
  let cancellable = request
      .retry(3)
      .sink(receiveCompletion: { completion in
          print("finished with \(completion)")
      }, receiveValue: { value in
          print("got \(value) after \(attempts) attempts")
      })
  OracleClock.shared.run()
  withExtendedLifetime((attempts, request, cancellable)) { OracleLog.shared.close() }
}
