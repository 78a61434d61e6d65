import OpenCombine

extension Publisher {
  /// Republishes up to `maxLength` elements, then finishes at once: Apple's
  /// `prefix(_:)`.
  ///
  /// OpenCombine 0.14.0's `prefix(_:)` finishes only when element
  /// `maxLength + 1` arrives, so `interval 100ms | take 5` would finish at
  /// 600ms there but at 500ms on an Apple device. Apple documents `prefix` as
  /// publishing "up to the specified number of elements before completing",
  /// and streamlab shows what a student will see on Apple's platforms.
  public func exactPrefix(_ maxLength: Int) -> Publishers.ExactOutput<Self> {
    Publishers.ExactOutput(upstream: self, range: 0..<Swift.max(0, maxLength))
  }

  /// Publishes the element at `index`, then finishes at once: Apple's `output(at:)`.
  public func exactOutput(at index: Int) -> Publishers.ExactOutput<Self> {
    let start = Swift.max(0, index)
    return Publishers.ExactOutput(upstream: self, range: start..<(start == .max ? start : start + 1))
  }
}

extension Publishers {
  /// Combine's `Publishers.Output` as Apple ships it: the elements whose
  /// positions fall in `range`, finishing (and cancelling upstream) as soon
  /// as the last of them has been sent.
  public struct ExactOutput<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    /// The positions to republish, counting from 0.
    public let range: Range<Int>

    public init(upstream: Upstream, range: Range<Int>) {
      self.upstream = upstream
      self.range = range
    }

    public func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, range: range))
    }
  }
}

extension Publishers.ExactOutput {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
  where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let downstream: Downstream
    private let range: Range<Int>
    private var upstream: Subscription?
    private var position = 0
    private var isDone = false

    init(downstream: Downstream, range: Range<Int>) {
      self.downstream = downstream
      self.range = range
    }

    /// Combine's `output(at:)` and `prefix(_:)` are `Publishers.Output`, which `print` calls `(Output)`.
    var description: String { "Output" }

    func receive(subscription: Subscription) {
      guard upstream == nil, !isDone else {
        subscription.cancel()
        return
      }
      upstream = subscription
      downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      guard !isDone else { return .none }
      let current = position
      position += 1
      // Elements before the range are skipped; each one asks for a replacement,
      // so the subscriber's demand is spent only on what it receives.
      if current < range.lowerBound { return .max(1) }
      // An empty range (`prefix 0`) has nothing to send: it ends at the first element.
      guard current < range.upperBound else {
        finish()
        return .none
      }
      let demand = downstream.receive(input)
      if current == range.upperBound - 1 {
        finish()
        return .none
      }
      return demand
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      guard !isDone else { return }
      isDone = true
      upstream = nil
      downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
      upstream?.request(demand)
    }

    func cancel() {
      isDone = true
      let subscription = upstream
      upstream = nil
      subscription?.cancel()
    }

    private func finish() {
      guard !isDone else { return }
      isDone = true
      let subscription = upstream
      upstream = nil
      subscription?.cancel()
      downstream.receive(completion: .finished)
    }
  }
}
