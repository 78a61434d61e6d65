// Form: a publisher awaited through withCheckedContinuation and a sink, as articles bridge Combine to async functions
import Combine
let subject = PassthroughSubject<Int, Never>()
func firstValue(of subject: PassthroughSubject<Int, Never>) async -> Int {
  await withCheckedContinuation { continuation in
    var cancellable: AnyCancellable?
    cancellable = subject.first().sink { value in
      continuation.resume(returning: value)
      cancellable?.cancel()
    }
  }
}
Task {
  let value = await firstValue(of: subject)
  print("got \(value)")
}
DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) { subject.send(7) }
