// Generated from Snippets/70-currentvalue-bind-two-way.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private struct AppState {
    var count = 0
    var history: [Int] = []
}

private final class AppStore {
    private let subject = CurrentValueSubject<AppState, Never>(AppState())

    var state: AnyPublisher<AppState, Never> { subject.eraseToAnyPublisher() }
    var countText: AnyPublisher<String, Never> {
        subject.map { "count: \($0.count)" }.removeDuplicates().eraseToAnyPublisher()
    }

    func increment(by step: Int = 1) {
        var state = subject.value
        state.count += step
        state.history.append(state.count)
        subject.send(state)
    }
}

@MainActor func snippet70CurrentvalueBindTwoWay() {
  // Form: a CurrentValueSubject-backed store with a computed publisher and a mutating method (app architecture posts)



  let appStore = AppStore()
  var cancellables: Set<AnyCancellable> = []
  appStore.countText.sink { print($0) }.store(in: &cancellables)
  appStore.increment()
  appStore.increment(by: 5)
  appStore.state.map(\.history).sink { print("history \($0)") }.store(in: &cancellables)
  OracleClock.shared.run()
  withExtendedLifetime((appStore, cancellables)) { OracleLog.shared.close() }
}
