// Form: batching uploads with collect(_:) (articles on batching)
import Combine

let events = PassthroughSubject<String, Never>()
let cancellable = events
    .collect(3)
    .sink(receiveCompletion: { _ in print("flushed") },
          receiveValue: { batch in print("upload batch of \(batch.count): \(batch)") })

for name in ["open", "tap", "scroll", "tap", "close"] {
    events.send(name)
}
events.send(completion: .finished)
