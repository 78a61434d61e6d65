// Generated from Snippets/47-map-error-set-failure.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private enum APIError: Error {
    case transport(String)
    case decoding
}

private struct TransportFailure: Error {
    let code: Int
}

@MainActor func snippet47MapErrorSetFailure() {
  // Form: mapError and setFailureType to line up error types (networking layers in open-source apps)



  let fromCache = Just("cached").setFailureType(to: APIError.self)
  let fromNetwork = Fail<String, TransportFailure>(error: TransportFailure(code: 503))
      .mapError { APIError.transport("status \($0.code)") }

  var bag = Set<AnyCancellable>()
  for (label, publisher) in [("cache", fromCache.eraseToAnyPublisher()), ("network", fromNetwork.eraseToAnyPublisher())] {
      OracleTypeLog.shared.record("0 0", types(Just("cached")))
      OracleTypeLog.shared.record("1 0", types(Fail<String, TransportFailure>(error: TransportFailure(code: 503))))
      OracleTypeLog.shared.record("1 1", types(Fail<String, TransportFailure>(error: TransportFailure(code: 503)).mapError { APIError.transport("status \($0.code)") }))
      publisher
          .sink(receiveCompletion: { completion in
              switch completion {
              case .finished:
                  print("\(label): finished")
              case .failure(.transport(let reason)):
                  print("\(label): transport error, \(reason)")
              case .failure(.decoding):
                  print("\(label): decoding error")
              }
          },
                receiveValue: { print("\(label) value: \($0)") })
          .store(in: &bag)
  }
  OracleClock.shared.run()
  withExtendedLifetime((fromCache, fromNetwork, bag)) { OracleLog.shared.close() }
}
