// Form: cancelling a subscription from a later callback (Q&A answers about AnyCancellable)
import Combine

let ticker = PassthroughSubject<Int, Never>()
var subscription: AnyCancellable? = ticker
    .handleEvents(receiveCancel: { print("cancelled") })
    .sink { print("tick \($0)") }

for i in 1...5 {
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(i * 100)) {
        ticker.send(i)
        if i == 3 {
            subscription?.cancel()
            subscription = nil
        }
    }
}
