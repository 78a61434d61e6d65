// Form: handleEvents used for logging a request's lifecycle (debugging articles)
import Combine

let request = Just("profile")
    .delay(for: .milliseconds(200), scheduler: DispatchQueue.main)

let cancellable = request
    .handleEvents(receiveSubscription: { _ in print("request started") },
                  receiveOutput: { print("response: \($0)") },
                  receiveCompletion: { _ in print("request finished") },
                  receiveCancel: { print("request cancelled") })
    .sink { _ in print("ui updated") }
