// Generated from Snippets/59-search-stale-results.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private struct FakeAPI {
    func search(_ term: String) -> AnyPublisher<[String], Never> {
        let latency = term.count >= 4 ? 500 : 100
        return Just(["\(term)-1", "\(term)-2"])
            .delay(for: .milliseconds(latency), scheduler: DispatchQueue.main)
            .eraseToAnyPublisher()
    }
}

private final class SearchModel {
    @Published var term = ""
    private(set) var shown: [String] = []
    private var cancellables = Set<AnyCancellable>()

    init(api: FakeAPI) {
        OracleTypeLog.shared.record("0 0", types($term))
        OracleTypeLog.shared.record("0 1", types($term.debounce(for: .milliseconds(200), scheduler: DispatchQueue.main)))
        OracleTypeLog.shared.record("0 2", types($term.debounce(for: .milliseconds(200), scheduler: DispatchQueue.main).filter { $0.count >= 2 }))
        OracleTypeLog.shared.record("0 3", types($term.debounce(for: .milliseconds(200), scheduler: DispatchQueue.main).filter { $0.count >= 2 }.removeDuplicates()))
        OracleTypeLog.shared.record("0 4", types($term.debounce(for: .milliseconds(200), scheduler: DispatchQueue.main).filter { $0.count >= 2 }.removeDuplicates().map { api.search($0) }))
        OracleTypeLog.shared.record("0 5", types($term.debounce(for: .milliseconds(200), scheduler: DispatchQueue.main).filter { $0.count >= 2 }.removeDuplicates().map { api.search($0) }.switchToLatest()))
        $term
            .debounce(for: .milliseconds(200), scheduler: DispatchQueue.main)
            .filter { $0.count >= 2 }
            .removeDuplicates()
            .map { api.search($0) }
            .switchToLatest()
            .sink { [weak self] results in
                self?.shown = results
                print("showing \(results)")
            }
            .store(in: &cancellables)
    }
}

@MainActor func snippet59SearchStaleResults() {
  // Form: a search pipeline with debounce, then map + switchToLatest over a slow fake API (tutorial articles)



  let model = SearchModel(api: FakeAPI())
  model.term = "comb"
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(400)) { model.term = "co" }
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(1500)) { model.term = "swift" }
  OracleClock.shared.run()
  withExtendedLifetime(model) { OracleLog.shared.close() }
}
