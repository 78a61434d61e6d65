// Form: mapError and setFailureType to line up error types (networking layers in open-source apps)
import Combine

enum APIError: Error {
    case transport(String)
    case decoding
}

struct TransportFailure: Error {
    let code: Int
}

let fromCache = Just("cached").setFailureType(to: APIError.self)
let fromNetwork = Fail<String, TransportFailure>(error: TransportFailure(code: 503))
    .mapError { APIError.transport("status \($0.code)") }

var bag = Set<AnyCancellable>()
for (label, publisher) in [("cache", fromCache.eraseToAnyPublisher()), ("network", fromNetwork.eraseToAnyPublisher())] {
    publisher
        .sink(receiveCompletion: { completion in
            switch completion {
            case .finished:
                print("\(label): finished")
            case .failure(.transport(let reason)):
                print("\(label): transport error, \(reason)")
            case .failure(.decoding):
                print("\(label): decoding error")
            }
        },
              receiveValue: { print("\(label) value: \($0)") })
        .store(in: &bag)
}
