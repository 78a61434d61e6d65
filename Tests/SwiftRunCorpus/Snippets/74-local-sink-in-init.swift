// Form: a subscription kept in a local constant inside init, cancelled when init returns (Q&A answers "my sink stops at once")
import Combine

final class ProfileLoader {
    let updates = PassthroughSubject<String, Never>()

    init() {
        let subscription = updates
            .handleEvents(receiveCancel: { print("cancelled") })
            .sink { print("update: \($0)") }
        updates.send("inside init")
        print("init ends")
        _ = subscription
    }

    deinit {
        print("ProfileLoader deinit")
    }
}

let loader = ProfileLoader()
loader.updates.send("after init")
print("done")
