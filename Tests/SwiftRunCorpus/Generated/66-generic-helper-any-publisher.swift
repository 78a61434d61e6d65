// Generated from Snippets/66-generic-helper-any-publisher.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private func withFallback<Output, Failure: Error>(
    _ publisher: AnyPublisher<Output, Failure>,
    fallback: Output
) -> AnyPublisher<Output, Never> {
    publisher
        .retry(1)
        .replaceError(with: fallback)
        .eraseToAnyPublisher()
}

private struct Offline: Error {}

@MainActor func snippet66GenericHelperAnyPublisher() {
  // Form: a generic helper returning AnyPublisher that retries with a fallback (utility files in open-source apps)



  var tries = 0
  let flaky = Deferred { () -> AnyPublisher<String, Offline> in
      tries += 1
      if tries == 1 {
          return Fail(error: Offline()).eraseToAnyPublisher()
      }
      return Just("fresh data").setFailureType(to: Offline.self).eraseToAnyPublisher()
  }.eraseToAnyPublisher()

  let c1 = withFallback(flaky, fallback: "cached").sink { print("first: \($0)") }
  let c2 = withFallback(Fail<String, Offline>(error: Offline()).eraseToAnyPublisher(), fallback: "cached")
      .sink { print("second: \($0)") }
  OracleClock.shared.run()
  withExtendedLifetime((tries, flaky, c1, c2)) { OracleLog.shared.close() }
}
