// Form: An article's AsyncStream: values yielded before the loop asks wait in its buffer.
import Combine

let (stream, continuation) = AsyncStream.makeStream(of: Int.self)

Task {
  for await value in stream {
    print("got \(value)")
    try? await Task.sleep(for: .milliseconds(150))
  }
  print("stream ended")
}

for value in 1...4 {
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100 * value)) {
    continuation.yield(value)
  }
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(500)) {
  continuation.finish()
}
