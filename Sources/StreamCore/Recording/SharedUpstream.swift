/// What a row of a shared upstream says: the stages of `let s = interval
/// 100ms | take 4 | share` before `share` run once, whoever subscribes to `s`.
public struct SharedUpstream: Hashable {
  /// The bound name whose pipeline shares them, such as `s`.
  public var binding: String
  /// How many subscriptions the sharing operator received during the run.
  public var subscribers: Int

  public init(binding: String, subscribers: Int) {
    self.binding = binding
    self.subscribers = subscribers
  }
}

/// The subscriptions a `share` or `multicast` received, counted while the run
/// goes on and read into each shared row's `SharedUpstream` at the end.
public final class SubscriberCount {
  public var count = 0

  public init() {}
}
