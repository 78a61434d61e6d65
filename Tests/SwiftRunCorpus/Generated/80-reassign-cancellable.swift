// Generated from Snippets/80-reassign-cancellable.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private final class DetailLoader {
    private var loading: AnyCancellable?

    func load(_ id: Int) {
        OracleTypeLog.shared.record("0 0", types(Just(id)))
        OracleTypeLog.shared.record("0 1", types(Just(id).delay(for: .milliseconds(300), scheduler: DispatchQueue.main)))
        OracleTypeLog.shared.record("0 2", types(Just(id).delay(for: .milliseconds(300), scheduler: DispatchQueue.main).handleEvents(receiveCancel: { print("load \(id) cancelled") })))
        OracleTypeLog.shared.record("1 0", types(Just(id)))
        OracleTypeLog.shared.record("1 1", types(Just(id).delay(for: .milliseconds(300), scheduler: DispatchQueue.main)))
        OracleTypeLog.shared.record("1 2", types(Just(id).delay(for: .milliseconds(300), scheduler: DispatchQueue.main).handleEvents(receiveCancel: { print("load \(id) cancelled") })))
        OracleTypeLog.shared.record("2 0", types(Just(id)))
        OracleTypeLog.shared.record("2 1", types(Just(id).delay(for: .milliseconds(300), scheduler: DispatchQueue.main)))
        OracleTypeLog.shared.record("2 2", types(Just(id).delay(for: .milliseconds(300), scheduler: DispatchQueue.main).handleEvents(receiveCancel: { print("load \(id) cancelled") })))
        loading = Just(id)
            .delay(for: .milliseconds(300), scheduler: DispatchQueue.main)
            .handleEvents(receiveCancel: { print("load \(id) cancelled") })
            .sink { print("loaded \($0)") }
    }
}

@MainActor func snippet80ReassignCancellable() {
  // Form: a detail screen that starts a new load per selection, reassigning one AnyCancellable to cancel the stale load (app code)


  let loader = DetailLoader()
  loader.load(1)
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) {
      loader.load(2)
  }
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(700)) {
      loader.load(3)
  }
  OracleClock.shared.run()
  withExtendedLifetime(loader) { OracleLog.shared.close() }
}
