// Form: observing objectWillChange of an ObservableObject outside SwiftUI (articles on ObservableObject)
import Combine

final class Store: ObservableObject {
    @Published var items: [String] = []
    @Published var isSyncing = false
}

let store = Store()
var changes = 0
let observer = store.objectWillChange.sink {
    changes += 1
    print("will change #\(changes), items now \(store.items.count)")
}

store.items.append("milk")
store.isSyncing = true
store.items += ["eggs", "bread"]
print("final items: \(store.items)")
