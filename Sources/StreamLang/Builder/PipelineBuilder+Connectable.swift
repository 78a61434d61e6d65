import OpenCombine
import StreamCore

/// A connectable stage (`makeConnectable`, `multicast`) built in the middle of
/// a pipeline, waiting for the `autoconnect` right after it to connect it.
struct PendingConnection {
  let connect: () -> Cancellable
  let stage: OperatorStage
  let label: String
}

/// A connectable publisher seen through the probe after its stage:
/// `autoconnect` subscribes through the probe (so the stage's row shows each
/// subscriber) and connects the multicast behind it. Combine's
/// `Publishers.Autoconnect` needs a `ConnectablePublisher` upstream; this is one.
struct ProbedConnectable: ConnectablePublisher {
  typealias Output = Value
  typealias Failure = StreamError

  let publisher: AnyValuePublisher
  let connectUpstream: () -> Cancellable

  func receive<Downstream: Subscriber>(subscriber: Downstream)
  where Downstream.Input == Value, Downstream.Failure == StreamError {
    publisher.subscribe(subscriber)
  }

  func connect() -> Cancellable { connectUpstream() }
}

extension PipelineBuilder {
  /// `makeConnectable` or `multicast` before `autoconnect`: the connectable
  /// publisher, kept for the `autoconnect` that must follow.
  func connectable(_ upstream: AnyValuePublisher, stage: OperatorStage, label: String) -> AnyValuePublisher {
    let publisher: AnyValuePublisher
    let connect: () -> Cancellable
    if case .multicast = stage.kind {
      let multicast = upstream.multicast { PassthroughSubject<Value, StreamError>() }
      (publisher, connect) = (multicast.eraseToAnyPublisher(), { multicast.connect() })
    } else {
      let made = Publishers.MakeConnectable(upstream: upstream)
      (publisher, connect) = (made.eraseToAnyPublisher(), { made.connect() })
    }
    pendingConnection = PendingConnection(connect: connect, stage: stage, label: label)
    return publisher
  }

  /// `autoconnect`: Combine's own, on the connectable stage just before it.
  func autoconnect(_ upstream: AnyValuePublisher, stage: OperatorStage) throws -> AnyValuePublisher {
    guard let pending = pendingConnection else {
      throw Diagnostic(
        "autoconnect needs a connectable publisher right before it: `makeConnectable | autoconnect` "
          + "or `multicast | autoconnect`", at: stage.range)
    }
    pendingConnection = nil
    let connectable = ProbedConnectable(publisher: upstream, connectUpstream: pending.connect)
    return Publishers.Autoconnect(upstream: connectable).eraseToAnyPublisher()
  }

  /// Refuses a connectable stage that nothing connects: it is neither the
  /// last stage of a `let` (for `connect NAME @T`) nor followed by `autoconnect`.
  func requireNothingLeftToConnect() throws {
    guard let pending = pendingConnection else { return }
    pendingConnection = nil
    let name = pending.label.split(separator: " ").first.map(String.init) ?? pending.label
    throw Diagnostic(
      "\(name) needs a name so it can be connected: `let m = … | \(name)`, then `connect m @100ms`; "
        + "or `| autoconnect` right after it", at: pending.stage.range)
  }
}
