// Form: The same article's fix: a `buffer` in front of `.values` keeps what the busy loop has not asked for yet.
import Combine

let subject = PassthroughSubject<Int, Never>()

let consumer = Task {
  let buffered = subject.buffer(size: 10, prefetch: .byRequest, whenFull: .dropOldest)
  for await value in buffered.values {
    print("got \(value)")
    try? await Task.sleep(for: .milliseconds(250))
  }
  print("loop ended")
}

for value in 1...6 {
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100 * value)) {
    subject.send(value)
  }
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(900)) {
  subject.send(completion: .finished)
}
