// Generated from Snippets/08-published-optional.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private class LibraryViewModel {
    @Published var selectedTitle: String?
    var cancellables = Set<AnyCancellable>()

    init() {
        OracleTypeLog.shared.record("0 0", types($selectedTitle))
        OracleTypeLog.shared.record("0 1", types($selectedTitle.map { title in title.map(\.count) }))
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

@MainActor func snippet08PublishedOptional() {
  // Form: a detail view model with an optional @Published selection and no initial value (Q&A answers)


  let library = LibraryViewModel()
  library.selectedTitle = "Dune"
  library.selectedTitle = nil
  library.selectedTitle = "Emma"
  print("now \(library.selectedTitle ?? "none")")
  OracleClock.shared.run()
  withExtendedLifetime(library) { OracleLog.shared.close() }
}
