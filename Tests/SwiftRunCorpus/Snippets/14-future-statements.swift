// Form: a Future whose closure runs statements and decides success or failure (Q&A answers)
import Combine

enum ValidationError: Error {
    case tooShort(Int)
    case forbidden
}

func validate(_ name: String) -> Future<String, ValidationError> {
    return Future { promise in
        print("validating \(name)")
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if trimmed.count < 3 {
            promise(.failure(.tooShort(trimmed.count)))
            return
        }
        if trimmed == "root" {
            promise(.failure(.forbidden))
        } else {
            promise(.success(trimmed.uppercased()))
        }
    }
}

var cancellables = Set<AnyCancellable>()
for name in [" al ", "root", "grace"] {
    validate(name)
        .sink(receiveCompletion: { completion in
            if case .failure(let error) = completion {
                print("rejected: \(error)")
            }
        }, receiveValue: { print("accepted: \($0)") })
        .store(in: &cancellables)
}
