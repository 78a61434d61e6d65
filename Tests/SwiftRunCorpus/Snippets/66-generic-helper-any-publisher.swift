// Form: a generic helper returning AnyPublisher that retries with a fallback (utility files in open-source apps)
import Combine

func withFallback<Output, Failure: Error>(
    _ publisher: AnyPublisher<Output, Failure>,
    fallback: Output
) -> AnyPublisher<Output, Never> {
    publisher
        .retry(1)
        .replaceError(with: fallback)
        .eraseToAnyPublisher()
}

struct Offline: Error {}

var tries = 0
let flaky = Deferred { () -> AnyPublisher<String, Offline> in
    tries += 1
    if tries == 1 {
        return Fail(error: Offline()).eraseToAnyPublisher()
    }
    return Just("fresh data").setFailureType(to: Offline.self).eraseToAnyPublisher()
}.eraseToAnyPublisher()

let c1 = withFallback(flaky, fallback: "cached").sink { print("first: \($0)") }
let c2 = withFallback(Fail<String, Offline>(error: Offline()).eraseToAnyPublisher(), fallback: "cached")
    .sink { print("second: \($0)") }
