// Form: retry that gives up, then replaceError (Q&A answers about retry semantics)
import Combine

struct Flaky: Error {}

var calls = 0
let cancellable = Deferred { () -> AnyPublisher<Int, Flaky> in
    calls += 1
    return Fail(error: Flaky()).eraseToAnyPublisher()
}
.retry(2)
.replaceError(with: 0)
.sink { value in
    print("value \(value) after \(calls) calls")
}
