// Form: showing that Just delivers synchronously during sink (introductory articles)
import Combine

print("before subscribing")
let cancellable = Just("hello")
    .map { $0.uppercased() }
    .sink(receiveCompletion: { print("completion: \($0)") },
          receiveValue: { print("value: \($0)") })
print("after subscribing")
