// Form: An async/await article's trap: a subject read through `.values` while the loop's body is busy.
import Combine

let subject = PassthroughSubject<Int, Never>()

let consumer = Task {
  for await value in subject.values {
    print("got \(value)")
    try? await Task.sleep(for: .milliseconds(250))
  }
  print("loop ended")
}

for value in 1...6 {
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100 * value)) {
    print("send \(value)")
    subject.send(value)
  }
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(900)) {
  subject.send(completion: .finished)
}
