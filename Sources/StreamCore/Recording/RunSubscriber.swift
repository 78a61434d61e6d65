import OpenCombine

/// The subscriber at the end of every pipeline a program runs: it asks for
/// every value, as `sink` does, and keeps none (the probe in front of it
/// records them).
///
/// Not OpenCombine's `Subscribers.Sink`, which takes a lock and calls a
/// closure at every value: a million-value run paid 2% of its time for them.
/// A run has one thread, so nothing here needs a lock. The rules are
/// `Sink`'s: a second subscription, or one after the end, is cancelled at
/// once, and the subscription is let go at completion or cancel.
public final class RunSubscriber: Subscriber, Cancellable, CustomStringConvertible {
  public typealias Input = Value
  public typealias Failure = StreamError

  private var subscription: Subscription?
  private var isOver = false
  /// Called once when the publisher completes (nil) or fails (its error),
  /// not on cancel: an owner's lifetime needs to know when a strong capture
  /// lets go, and a task's `for try await` loop throws a failure.
  public var onCompletion: ((StreamError?) -> Void)?
  /// Called at each value: a `task`'s `for await` loop runs its body then.
  public var onValue: (() -> Void)?

  public init() {}

  public var description: String { "Sink" }

  public func receive(subscription: Subscription) {
    guard self.subscription == nil, !isOver else {
      subscription.cancel()
      return
    }
    self.subscription = subscription
    subscription.request(.unlimited)
  }

  public func receive(_ input: Value) -> Subscribers.Demand {
    onValue?()
    return .none
  }

  public func receive(completion: Subscribers.Completion<StreamError>) {
    isOver = true
    subscription = nil
    let onCompletion = self.onCompletion
    self.onCompletion = nil
    if case .failure(let error) = completion { onCompletion?(error) } else { onCompletion?(nil) }
  }

  public func cancel() {
    isOver = true
    let running = subscription
    subscription = nil
    running?.cancel()
  }
}
