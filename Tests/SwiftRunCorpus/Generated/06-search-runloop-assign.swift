// Generated from Snippets/06-search-runloop-assign.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private class ContactsViewModel: ObservableObject {
    @Published var searchText = ""
    @Published var matches: [String] = []

    let contacts = ["Ada", "Alan", "Barbara", "Grace", "Guido"]

    init() {
        OracleTypeLog.shared.record("0 0", types($searchText))
        OracleTypeLog.shared.record("0 1", types($searchText.dropFirst()))
        OracleTypeLog.shared.record("0 2", types($searchText.dropFirst().debounce(for: .seconds(0.5), scheduler: RunLoop.main)))
        OracleTypeLog.shared.record("0 3", types($searchText.dropFirst().debounce(for: .seconds(0.5), scheduler: RunLoop.main).map { text in self.contacts.filter { $0.lowercased().contains(text.lowercased()) } }))
        $searchText
            .dropFirst()
            .debounce(for: .seconds(0.5), scheduler: RunLoop.main)
            .map { text in
                self.contacts.filter { $0.lowercased().contains(text.lowercased()) }
            }
            .assign(to: &$matches)
    }
}

@MainActor func snippet06SearchRunloopAssign() {
  // Form: a search view model that assigns to another @Published with assign(to: &$…), as in WWDC-era blog posts


  let model = ContactsViewModel()
  OracleTypeLog.shared.record("1 0", types(model.$matches))
  let watcher = model.$matches.sink { print("matches: \($0)") }

  model.searchText = "a"
  DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) { model.searchText = "al" }
  DispatchQueue.main.asyncAfter(deadline: .now() + 1.0) { model.searchText = "gr" }
  OracleClock.shared.run()
  withExtendedLifetime((model, watcher)) { OracleLog.shared.close() }
}
