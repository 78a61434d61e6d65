// Generated from Snippets/44-cancel-midway.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet44CancelMidway() {
  // Form: cancelling a subscription from a later callback (Q&A answers about AnyCancellable)

  let ticker = PassthroughSubject<Int, Never>()
  OracleTypeLog.shared.record("0 0", types(ticker))
  OracleTypeLog.shared.record("0 1", types(ticker.handleEvents(receiveCancel: { print("cancelled") })))
  var subscription: AnyCancellable? = ticker
      .handleEvents(receiveCancel: { print("cancelled") })
      .sink { print("tick \($0)") }

  for i in 1...5 {
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(i * 100)) {
          ticker.send(i)
          if i == 3 {
              subscription?.cancel()
              subscription = nil
          }
      }
  }
  OracleClock.shared.run()
  withExtendedLifetime((ticker, subscription)) { OracleLog.shared.close() }
}
