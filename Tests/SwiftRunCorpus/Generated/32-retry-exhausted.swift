// Generated from Snippets/32-retry-exhausted.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private struct Flaky: Error {}

@MainActor func snippet32RetryExhausted() {
  // Form: retry that gives up, then replaceError (Q&A answers about retry semantics)


  var calls = 0
  OracleTypeLog.shared.record("0 0", types(Deferred { () -> AnyPublisher<Int, Flaky> in calls += 1; return Fail(error: Flaky()).eraseToAnyPublisher() }))
  OracleTypeLog.shared.record("0 1", types(Deferred { () -> AnyPublisher<Int, Flaky> in calls += 1; return Fail(error: Flaky()).eraseToAnyPublisher() }.retry(2)))
  OracleTypeLog.shared.record("0 2", types(Deferred { () -> AnyPublisher<Int, Flaky> in calls += 1; return Fail(error: Flaky()).eraseToAnyPublisher() }.retry(2).replaceError(with: 0)))
  let cancellable = Deferred { () -> AnyPublisher<Int, Flaky> in
      calls += 1
      return Fail(error: Flaky()).eraseToAnyPublisher()
  }
  .retry(2)
  .replaceError(with: 0)
  .sink { value in
      print("value \(value) after \(calls) calls")
  }
  OracleClock.shared.run()
  withExtendedLifetime((calls, cancellable)) { OracleLog.shared.close() }
}
