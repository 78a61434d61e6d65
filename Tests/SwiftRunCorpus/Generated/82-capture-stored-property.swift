// Generated from Snippets/82-capture-stored-property.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private final class Store {
    var saved: [Int] = []
    func save(_ value: Int) {
        saved.append(value)
        print("saved \(value), \(saved.count) in all")
    }
}

private final class EditorViewModel {
    let store = Store()
    let edits = PassthroughSubject<Int, Never>()
    private var cancellables = Set<AnyCancellable>()

    init() {
        OracleTypeLog.shared.record("0 0", types(edits))
        edits
            .sink { [store] value in store.save(value) }
            .store(in: &cancellables)
    }

    deinit {
        print("EditorViewModel deinit")
    }
}

@MainActor func snippet82CaptureStoredProperty() {
  // Form: capturing a stored property ([store]) instead of self in a sink, so the owner is not retained (articles on avoiding [weak self])



  var editor: EditorViewModel? = EditorViewModel()
  editor?.edits.send(1)
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) {
      editor?.edits.send(2)
      editor = nil
      print("editor closed")
  }
  OracleClock.shared.run()
  withExtendedLifetime(editor) { OracleLog.shared.close() }
}
