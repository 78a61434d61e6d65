// Form: a detail view model with an optional @Published selection and no initial value (Q&A answers)
import Combine

class LibraryViewModel {
    @Published var selectedTitle: String?
    var cancellables = Set<AnyCancellable>()

    init() {
        $selectedTitle
            .map { title in title.map(\.count) }
            .sink { [weak self] length in
                if let title = self?.selectedTitle {
                    print("was \(title)")
                }
                if let length = length {
                    print("selected a title of \(length) letters")
                } else {
                    print("nothing selected")
                }
            }
            .store(in: &cancellables)
    }
}

let library = LibraryViewModel()
library.selectedTitle = "Dune"
library.selectedTitle = nil
library.selectedTitle = "Emma"
print("now \(library.selectedTitle ?? "none")")
