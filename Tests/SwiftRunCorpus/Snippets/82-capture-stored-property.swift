// Form: capturing a stored property ([store]) instead of self in a sink, so the owner is not retained (articles on avoiding [weak self])
import Combine
import Foundation

final class Store {
    var saved: [Int] = []
    func save(_ value: Int) {
        saved.append(value)
        print("saved \(value), \(saved.count) in all")
    }
}

final class EditorViewModel {
    let store = Store()
    let edits = PassthroughSubject<Int, Never>()
    private var cancellables = Set<AnyCancellable>()

    init() {
        edits
            .sink { [store] value in store.save(value) }
            .store(in: &cancellables)
    }

    deinit {
        print("EditorViewModel deinit")
    }
}

var editor: EditorViewModel? = EditorViewModel()
editor?.edits.send(1)
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) {
    editor?.edits.send(2)
    editor = nil
    print("editor closed")
}
