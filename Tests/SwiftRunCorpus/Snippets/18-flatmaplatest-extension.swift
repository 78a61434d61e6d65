// Form: a user extension Publisher method flatMapLatest, as open-source apps define it
import Combine

extension Publisher {
    func flatMapLatest<T: Publisher>(_ transform: @escaping (Output) -> T) -> Publishers.SwitchToLatest<T, Publishers.Map<Self, T>> where T.Failure == Failure {
        map(transform).switchToLatest()
    }
}

func lookup(_ term: String) -> AnyPublisher<String, Never> {
    Just("results for \(term)")
        .delay(for: .milliseconds(term.count * 100), scheduler: DispatchQueue.main)
        .eraseToAnyPublisher()
}

let terms = PassthroughSubject<String, Never>()
let cancellable = terms
    .flatMapLatest { lookup($0) }
    .sink { print($0) }

terms.send("swift")
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) { terms.send("go") }
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(1000)) { terms.send("rust") }
