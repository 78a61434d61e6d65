import OpenCombine

extension Publisher {
  /// Republishes every element and a finished completion; a failure is handed
  /// to `report` with Combine's fatal-error message, and nothing goes downstream.
  ///
  /// Combine's `assertNoFailure(_:file:line:)` (and OpenCombine's) calls
  /// `fatalError("\(prefix): \(error)", file: file, line: line)`, which would
  /// end streamlab's process with the student's run. This one keeps the
  /// operator's shape and its `Failure == Never`, but lets the caller stop the
  /// run instead, the way a trap in `map` does.
  ///
  ///     Fail<Int, StreamError>(error: StreamError("boom"))
  ///       .reportingAssertNoFailure("check") { message in print(message) }
  ///       .sink { print($0) }
  ///     // Prints: "Fatal error: check: boom"
  public func reportingAssertNoFailure(_ prefix: String = "", report: @escaping (String) -> Void)
    -> Publishers.ReportingAssertNoFailure<Self>
  {
    Publishers.ReportingAssertNoFailure(upstream: self, prefix: prefix, report: report)
  }
}

extension Publishers {
  /// A publisher that reports any failure it receives as Combine's fatal error
  /// would word it, and otherwise republishes all received input.
  public struct ReportingAssertNoFailure<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Never

    /// The publisher from which this publisher receives elements.
    public let upstream: Upstream

    /// The string used at the beginning of the fatal error message.
    public let prefix: String

    /// Called once with the fatal error message when a failure arrives.
    public let report: (String) -> Void

    public init(upstream: Upstream, prefix: String, report: @escaping (String) -> Void) {
      self.upstream = upstream
      self.prefix = prefix
      self.report = report
    }

    public func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Never {
      upstream.subscribe(Inner(downstream: subscriber, prefix: prefix, report: report))
    }

    /// Swift's `fatalError` message for `assertNoFailure(prefix)` and `error`,
    /// without the `file:line` Swift adds after it.
    public static func message(prefix: String, error: Upstream.Failure) -> String {
      "Fatal error: " + (prefix.isEmpty ? "" : prefix + ": ") + String(describing: error)
    }
  }
}

extension Publishers.ReportingAssertNoFailure {
  // A subscriber only, like OpenCombine's: the subscription, requests and
  // cancels go straight between upstream and downstream.
  private struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
  where Downstream.Input == Upstream.Output, Downstream.Failure == Never {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let downstream: Downstream
    private let prefix: String
    private let report: (String) -> Void

    let combineIdentifier = CombineIdentifier()

    init(downstream: Downstream, prefix: String, report: @escaping (String) -> Void) {
      self.downstream = downstream
      self.prefix = prefix
      self.report = report
    }

    var description: String { "AssertNoFailure" }

    func receive(subscription: Subscription) {
      downstream.receive(subscription: subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      switch completion {
      case .finished:
        downstream.receive(completion: .finished)
      case .failure(let error):
        report(Publishers.ReportingAssertNoFailure<Upstream>.message(prefix: prefix, error: error))
      }
    }
  }
}
