// Generated from Snippets/43-handle-events.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet43HandleEvents() {
  // Form: handleEvents used for logging a request's lifecycle (debugging articles)

  let request = Just("profile")
      .delay(for: .milliseconds(200), scheduler: DispatchQueue.main)

  OracleTypeLog.shared.record("0 0", types(Just("profile")))
  OracleTypeLog.shared.record("0 1", types(Just("profile").delay(for: .milliseconds(200), scheduler: DispatchQueue.main)))
  OracleTypeLog.shared.record("0 2", types(Just("profile").delay(for: .milliseconds(200), scheduler: DispatchQueue.main).handleEvents(receiveSubscription: { _ in print("request started") }, receiveOutput: { print("response: \($0)") }, receiveCompletion: { _ in print("request finished") }, receiveCancel: { print("request cancelled") })))
  let cancellable = request
      .handleEvents(receiveSubscription: { _ in print("request started") },
                    receiveOutput: { print("response: \($0)") },
                    receiveCompletion: { _ in print("request finished") },
                    receiveCancel: { print("request cancelled") })
      .sink { _ in print("ui updated") }
  OracleClock.shared.run()
  withExtendedLifetime((request, cancellable)) { OracleLog.shared.close() }
}
