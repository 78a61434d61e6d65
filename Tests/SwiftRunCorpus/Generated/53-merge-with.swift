// Generated from Snippets/53-merge-with.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private enum Action {
    case refresh
    case loadMore(page: Int)
}

@MainActor func snippet53MergeWith() {
  // Form: merging taps from two buttons into one action stream (UIKit reactive articles)


  let refreshTaps = PassthroughSubject<Action, Never>()
  let scrollEvents = PassthroughSubject<Action, Never>()

  OracleTypeLog.shared.record("0 0", types(refreshTaps))
  OracleTypeLog.shared.record("0 1", types(refreshTaps.merge(with: scrollEvents)))
  let cancellable = refreshTaps.merge(with: scrollEvents)
      .sink { action in
          switch action {
          case .refresh: print("refresh")
          case .loadMore(let page): print("load page \(page)")
          }
      }

  scrollEvents.send(.loadMore(page: 2))
  refreshTaps.send(.refresh)
  scrollEvents.send(.loadMore(page: 3))
  OracleClock.shared.run()
  withExtendedLifetime((refreshTaps, scrollEvents, cancellable)) { OracleLog.shared.close() }
}
