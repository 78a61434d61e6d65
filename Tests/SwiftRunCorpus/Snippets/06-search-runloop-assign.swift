// Form: a search view model that assigns to another @Published with assign(to: &$…), as in WWDC-era blog posts
import Combine

class ContactsViewModel: ObservableObject {
    @Published var searchText = ""
    @Published var matches: [String] = []

    let contacts = ["Ada", "Alan", "Barbara", "Grace", "Guido"]

    init() {
        $searchText
            .dropFirst()
            .debounce(for: .seconds(0.5), scheduler: RunLoop.main)
            .map { text in
                self.contacts.filter { $0.lowercased().contains(text.lowercased()) }
            }
            .assign(to: &$matches)
    }
}

let model = ContactsViewModel()
let watcher = model.$matches.sink { print("matches: \($0)") }

model.searchText = "a"
DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) { model.searchText = "al" }
DispatchQueue.main.asyncAfter(deadline: .now() + 1.0) { model.searchText = "gr" }
