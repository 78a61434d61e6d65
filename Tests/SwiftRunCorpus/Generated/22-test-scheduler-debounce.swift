// Generated from Snippets/22-test-scheduler-debounce.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private final class SuggestionsViewModel {
    @Published var text = ""
    @Published var suggestions: [String] = []
    private var cancellables: Set<AnyCancellable> = []

    init(scheduler: AnySchedulerOf<DispatchQueue>) {
        OracleTypeLog.shared.record("0 0", types($text))
        OracleTypeLog.shared.record("0 1", types($text.debounce(for: .milliseconds(300), scheduler: scheduler)))
        OracleTypeLog.shared.record("0 2", types($text.debounce(for: .milliseconds(300), scheduler: scheduler).map { text in text.isEmpty ? [] : [text, text + "s", text + "ing"] }))
        $text
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .map { text in text.isEmpty ? [] : [text, text + "s", text + "ing"] }
            .sink { [weak self] in self?.suggestions = $0 }
            .store(in: &cancellables)
    }
}

@MainActor func snippet22TestSchedulerDebounce() {
  // Form: a view model test with Point-Free's combine-schedulers (DispatchQueue.test, advance(by:))


  let scheduler = DispatchQueue.test
  let viewModel = SuggestionsViewModel(scheduler: scheduler.eraseToAnyScheduler())
  OracleTypeLog.shared.record("1 0", types(viewModel.$suggestions))
  let spy = viewModel.$suggestions.sink { print("suggestions: \($0)") }

  viewModel.text = "run"
  scheduler.advance(by: .milliseconds(100))
  viewModel.text = "walk"
  scheduler.advance(by: .milliseconds(299))
  print("still waiting")
  scheduler.advance(by: .milliseconds(1))
  OracleClock.shared.run()
  withExtendedLifetime((scheduler, viewModel, spy)) { OracleLog.shared.close() }
}
