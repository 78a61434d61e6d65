// Generated from Snippets/05-search-view-model.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private final class SearchViewModel: ObservableObject {
    @Published var query = ""
    @Published private(set) var results: [String] = []

    private let catalog = ["swift", "swiftui", "combine", "concurrency", "sequence"]
    private var cancellables = Set<AnyCancellable>()

    init() {
        OracleTypeLog.shared.record("0 0", types($query))
        OracleTypeLog.shared.record("0 1", types($query.debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)))
        OracleTypeLog.shared.record("0 2", types($query.debounce(for: .milliseconds(300), scheduler: DispatchQueue.main).removeDuplicates()))
        OracleTypeLog.shared.record("0 3", types($query.debounce(for: .milliseconds(300), scheduler: DispatchQueue.main).removeDuplicates().map { [catalog] text in catalog.filter { $0.hasPrefix(text.lowercased()) } }))
        $query
            .debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
            .removeDuplicates()
            .map { [catalog] text in
                catalog.filter { $0.hasPrefix(text.lowercased()) }
            }
            .sink { [weak self] found in
                self?.results = found
                print("results for '\(self?.query ?? "")': \(found)")
            }
            .store(in: &cancellables)
    }
}

@MainActor func snippet05SearchViewModel() {
  // Form: a SwiftUI search view model, as in tutorial articles (debounce on the main queue)


  let vm = SearchViewModel()
  vm.query = "s"
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) { vm.query = "sw" }
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) { vm.query = "swift" }
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(900)) { vm.query = "co" }
  OracleClock.shared.run()
  withExtendedLifetime(vm) { OracleLog.shared.close() }
}
