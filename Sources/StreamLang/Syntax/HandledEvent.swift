/// One event `handleEvents` can react to, by the label the DSL gives it:
/// `handleEvents output: E` is Combine's `receiveOutput:` closure.
public enum HandledEvent: String, CaseIterable, Hashable, Sendable {
  case subscription, output, completion, cancel, request

  /// The argument label of Combine's `handleEvents(…)`.
  public var combineLabel: String {
    switch self {
    case .subscription: return "receiveSubscription"
    case .output: return "receiveOutput"
    case .completion: return "receiveCompletion"
    case .cancel: return "receiveCancel"
    case .request: return "receiveRequest"
    }
  }

  /// What `x` holds in the expression, for help and error messages.
  public var parameterMeaning: String {
    switch self {
    case .subscription: return "the subscription's name, like \"TimedEvents\""
    case .output: return "the value"
    case .completion: return "\"finished\" or the failure's message"
    case .cancel: return "nothing (nil)"
    case .request: return "the demand: a count, or \"unlimited\""
    }
  }
}

/// `output: "got " + String(x)`: one closure of `handleEvents`, whose value is logged.
public struct EventHandler: Hashable {
  public var event: HandledEvent
  public var body: Expr

  public init(event: HandledEvent, body: Expr) {
    self.event = event
    self.body = body
  }
}
