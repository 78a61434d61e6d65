// Generated from Snippets/57-object-will-change.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private final class Store: ObservableObject {
    @Published var items: [String] = []
    @Published var isSyncing = false
}

@MainActor func snippet57ObjectWillChange() {
  // Form: observing objectWillChange of an ObservableObject outside SwiftUI (articles on ObservableObject)


  let store = Store()
  var changes = 0
  OracleTypeLog.shared.record("0 0", types(store.objectWillChange))
  let observer = store.objectWillChange.sink {
      changes += 1
      print("will change #\(changes), items now \(store.items.count)")
  }

  store.items.append("milk")
  store.isSyncing = true
  store.items += ["eggs", "bread"]
  print("final items: \(store.items)")
  OracleClock.shared.run()
  withExtendedLifetime((store, changes, observer)) { OracleLog.shared.close() }
}
