// Form: a helper function that takes any publisher and subscribes with logging (playground pages of Combine books)
import Combine

func observe<P: Publisher>(_ name: String, _ publisher: P) -> AnyCancellable {
    publisher.sink(
        receiveCompletion: { completion in
            switch completion {
            case .finished:
                print("\(name) finished")
            case .failure(let error):
                print("\(name) failed: \(error)")
            }
        },
        receiveValue: { value in
            print("\(name) -> \(value)")
        }
    )
}

let a = observe("evens", (1...6).publisher.filter { $0.isMultiple(of: 2) })
let b = observe("words", ["a", "bb", "ccc"].publisher.map(\.count).reduce(0, +))
