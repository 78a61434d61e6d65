// Generated from Snippets/33-scan-running-total.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private struct Item {
    let name: String
    let price: Double
}

@MainActor func snippet33ScanRunningTotal() {
  // Form: a shopping-cart total with scan (operator tutorials)


  let added = PassthroughSubject<Item, Never>()
  OracleTypeLog.shared.record("0 0", types(added))
  OracleTypeLog.shared.record("0 1", types(added.scan((count: 0, total: 0.0)) { state, item in (count: state.count + 1, total: state.total + item.price) }))
  let cancellable = added
      .scan((count: 0, total: 0.0)) { state, item in
          (count: state.count + 1, total: state.total + item.price)
      }
      .sink { state in
          print("\(state.count) items, total \(state.total)")
      }

  added.send(Item(name: "tea", price: 2.5))
  added.send(Item(name: "cake", price: 4.0))
  added.send(Item(name: "jam", price: 3.25))
  OracleClock.shared.run()
  withExtendedLifetime((added, cancellable)) { OracleLog.shared.close() }
}
