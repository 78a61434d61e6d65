// Generated from Snippets/73-generic-scheduler-view-model.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private final class AutosaveViewModel<S: Scheduler> {
    @Published var draft = ""
    private(set) var saved: [String] = []
    private var cancellables = Set<AnyCancellable>()

    init(scheduler: S, delay: S.SchedulerTimeType.Stride) {
        OracleTypeLog.shared.record("0 0", types($draft))
        OracleTypeLog.shared.record("0 1", types($draft.dropFirst()))
        OracleTypeLog.shared.record("0 2", types($draft.dropFirst().debounce(for: delay, scheduler: scheduler)))
        OracleTypeLog.shared.record("0 3", types($draft.dropFirst().debounce(for: delay, scheduler: scheduler).removeDuplicates()))
        $draft
            .dropFirst()
            .debounce(for: delay, scheduler: scheduler)
            .removeDuplicates()
            .sink { [unowned self] text in
                self.saved.append(text)
                print("saved draft #\(self.saved.count): \(text)")
            }
            .store(in: &cancellables)
    }
}

@MainActor func snippet73GenericSchedulerViewModel() {
  // Form: a view model generic over its scheduler (init(scheduler: S) where S: Scheduler), as in testable-architecture articles


  let editor = AutosaveViewModel(scheduler: DispatchQueue.main, delay: .seconds(1))
  let edits: [(Int, String)] = [(0, "H"), (200, "Hi"), (400, "Hi!"), (2000, "Hi!"), (2500, "Hi! Bye")]
  for (at, text) in edits {
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(at)) {
          editor.draft = text
      }
  }
  OracleClock.shared.run()
  withExtendedLifetime((editor, edits)) { OracleLog.shared.close() }
}
