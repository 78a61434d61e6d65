// Form: plain flatMap running inner requests at the same time (operator tutorials)
import Combine

let ids = PassthroughSubject<Int, Never>()
let cancellable = ids
    .flatMap { id in
        Just("user \(id)")
            .delay(for: .milliseconds(400 - id * 100), scheduler: DispatchQueue.main)
    }
    .sink { print($0) }

ids.send(1)
ids.send(2)
ids.send(3)
