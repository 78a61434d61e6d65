extension CombineSignature {
  /// The Swift type (and a way to make it) that source `name` stands for.
  public static func of(_ name: SourceName) -> CombineSignature {
    switch name {
    case .just:
      return CombineSignature(
        declarations: [
          "Just(1)  // Just<Output>: its Failure is Never",
          "[1, 2, 3].publisher  // Publishers.Sequence<[Output], Never>",
        ],
        effect: "`<T, Never>`: one value is `Just<T>`, several `Publishers.Sequence<[T], Never>`")
    case .range:
      return CombineSignature(
        declarations: [
          "(1...5).publisher  // Publishers.Sequence<ClosedRange<Int>, Never>"
        ],
        effect: "`<Int, Never>`")
    case .empty:
      return CombineSignature(
        declarations: [
          "Empty<Output, Failure>(completeImmediately: true)"
        ],
        effect: "`<T, F>`: any Output and Failure, as the use decides")
    case .never:
      return CombineSignature(
        declarations: [
          "Empty<Output, Failure>(completeImmediately: false)"
        ],
        effect: "`<T, F>`: any Output and Failure, as the use decides")
    case .fail:
      return CombineSignature(
        declarations: [
          "Fail<Output, Failure>(error: Failure)"
        ],
        effect: "`<T, Error>`: any Output, fails with an Error")
    case .interval:
      return CombineSignature(
        declarations: [
          "Timer.publish(every: 0.1, on: .main, in: .common).autoconnect()",
          "// Publishers.Autoconnect<Timer.TimerPublisher>: <Date, Never> (streamlab counts Int ticks)",
        ],
        effect: "`<Int, Never>` here (Swift's timer sends `Date`s)")
    case .timer:
      return CombineSignature(
        declarations: [
          "Just(0).delay(for: .milliseconds(500), scheduler: scheduler)  // Publishers.Delay<Just<Int>, S>"
        ],
        effect: "`<Int, Never>`")
    case .marbles:
      return CombineSignature(
        declarations: [
          "// no Combine type: in tests, a PassthroughSubject<Output, Failure> with sends scheduled on a clock"
        ],
        effect: "`<String, Error>`, or `<String, Never>` without `#`")
    case .events:
      return CombineSignature(
        declarations: [
          "// no Combine type: in tests, a PassthroughSubject<Output, Failure> with sends scheduled on a clock"
        ],
        effect: "`<T, Error>`, or `<T, Never>` without `#`")
    case .subject:
      return CombineSignature(
        declarations: [
          "PassthroughSubject<Output, Failure>()",
          "subject.send(1); subject.send(completion: .finished)",
        ],
        effect: "`<T, F>`: `PassthroughSubject<T, F>`")
    case .current:
      return CombineSignature(
        declarations: [
          "CurrentValueSubject<Output, Failure>(0)"
        ],
        effect: "`<T, F>`: `CurrentValueSubject<T, F>`")
    case .future:
      return CombineSignature(
        declarations: [
          "Future<Output, Failure> { promise in … promise(.success(42)) }"
        ],
        effect: "`<T, F>`: `Future<T, F>`")
    case .deferred:
      return CombineSignature(
        declarations: [
          "Deferred { Future<Output, Failure> { promise in … } }  // Deferred<Future<Output, Failure>>"
        ],
        effect: "the braced pipeline's `<T, F>`")
    case .published:
      return CombineSignature(
        declarations: [
          "final class Model: ObservableObject { @Published var value = 0 }",
          "model.$value  // Published<Int>.Publisher; model.value = 1 sends 1",
        ],
        effect: "`<T, Never>`: `Published<T>.Publisher`")
    }
  }
}
