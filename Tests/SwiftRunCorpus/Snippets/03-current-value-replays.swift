// Form: a tutorial contrasting CurrentValueSubject with PassthroughSubject
import Combine

let passthrough = PassthroughSubject<Int, Never>()
let current = CurrentValueSubject<Int, Never>(0)

passthrough.send(1)
current.send(1)

var subscriptions = Set<AnyCancellable>()
passthrough.sink { print("passthrough: \($0)") }.store(in: &subscriptions)
current.sink { print("current: \($0)") }.store(in: &subscriptions)

passthrough.send(2)
current.send(2)
print("current.value is \(current.value)")
