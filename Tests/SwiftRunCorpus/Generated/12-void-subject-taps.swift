// Generated from Snippets/12-void-subject-taps.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private final class CounterViewModel {
    let incrementTapped = PassthroughSubject<Void, Never>()
    let resetTapped = PassthroughSubject<Void, Never>()
    @Published private(set) var count = 0
    private var cancellables = Set<AnyCancellable>()

    init() {
        OracleTypeLog.shared.record("0 0", types(incrementTapped))
        incrementTapped
            .sink { [unowned self] in self.count += 1 }
            .store(in: &cancellables)
        OracleTypeLog.shared.record("1 0", types(resetTapped))
        resetTapped
            .sink { [unowned self] _ in self.count = 0 }
            .store(in: &cancellables)
    }
}

@MainActor func snippet12VoidSubjectTaps() {
  // Form: a button-tap relay as PassthroughSubject<Void, Never> in a UIKit view model (blog posts)


  let counter = CounterViewModel()
  OracleTypeLog.shared.record("2 0", types(counter.$count))
  let label = counter.$count.sink { print("label shows \($0)") }
  counter.incrementTapped.send()
  counter.incrementTapped.send(())
  counter.resetTapped.send()
  counter.incrementTapped.send()
  OracleClock.shared.run()
  withExtendedLifetime((counter, label)) { OracleLog.shared.close() }
}
