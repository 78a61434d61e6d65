import OpenCombine
import StreamCore
import StreamLang
import SwiftImport

/// `publisher.values` (`AsyncPublisher`, or `AsyncThrowingPublisher` when
/// the publisher can fail): an async sequence that subscribes anew for each
/// `for await` loop or `first(where:)`.
final class AsyncPublisherValue: OpaqueValue {
  let publisher: PublisherValue
  let isThrowing: Bool

  init(publisher: PublisherValue, isThrowing: Bool) {
    self.publisher = publisher
    self.isThrowing = isThrowing
  }

  override var typeName: String { isThrowing ? "AsyncThrowingPublisher" : "AsyncPublisher" }
}

/// What a `for await` loop asks for its next element.
protocol AsyncIteration: AnyObject {
  /// The next element, or nil at the sequence's end; waits on the virtual clock until there is one.
  func next(at range: SourceRange) throws -> Value?
}

/// The subscriber behind `publisher.values`'s iterator, as OpenCombine
/// 0.14.0 writes `AsyncPublisher.Iterator.Inner` (and its throwing twin),
/// whose tests were checked against Apple's Combine: it subscribes when the
/// loop starts, asks for exactly one value (`.max(1)`) each time the loop
/// asks for the next element, and asks for nothing while the loop's body
/// runs, so a `PassthroughSubject` drops what is sent meanwhile. Cancelling
/// the task cancels the subscription and ends the loop; leaving the loop
/// (`break`) does not cancel it.
final class ValuesIterator: Subscriber, Cancellable, AsyncIteration {
  typealias Input = Value
  typealias Failure = StreamError

  private enum State {
    case awaitingSubscription
    case subscribed(Subscription)
    /// Ended; a throwing iterator keeps a failure no `next()` has taken yet.
    case terminal(StreamError?)
  }

  private unowned let machine: Machine
  private let isThrowing: Bool
  private var state = State.awaitingSubscription
  private var pending: [Suspension] = []
  private var pendingDemand = Subscribers.Demand.none

  init(machine: Machine, isThrowing: Bool) {
    self.machine = machine
    self.isThrowing = isThrowing
  }

  func receive(subscription: Subscription) {
    guard case .awaitingSubscription = state else {
      subscription.cancel()
      return
    }
    state = .subscribed(subscription)
    let demand = pendingDemand
    pendingDemand = .none
    if demand != .none { subscription.request(demand) }
  }

  func receive(_ input: Value) -> Subscribers.Demand {
    guard case .subscribed = state else {
      resumeAllAtTheEnd()
      return .none
    }
    // OpenCombine traps here ("Received an output without requesting
    // demand"); no upstream streamlab builds sends without demand.
    guard !pending.isEmpty else { return .none }
    machine.resumeLater(pending.removeFirst(), with: .value(input))
    return .none
  }

  func receive(completion: Subscribers.Completion<StreamError>) {
    let failure: StreamError?
    if case .failure(let error) = completion { failure = error } else { failure = nil }
    switch state {
    case .awaitingSubscription, .subscribed:
      guard isThrowing, !pending.isEmpty else {
        state = .terminal(isThrowing ? failure : nil)
        resumeAllAtTheEnd()
        return
      }
      state = .terminal(nil)
      let first = pending.removeFirst()
      if let failure {
        machine.resumeLater(first, with: .thrown(failure.thrown ?? .string(failure.message)))
      } else {
        machine.resumeLater(first, with: .value(AsyncEnd.value))
      }
      resumeAllAtTheEnd()
    case .terminal:
      resumeAllAtTheEnd()
    }
  }

  func cancel() {
    let subscription: Subscription?
    if case .subscribed(let current) = state { subscription = current } else { subscription = nil }
    state = .terminal(nil)
    subscription?.cancel()
    resumeAllAtTheEnd()
  }

  func next(at range: SourceRange) throws -> Value? {
    // `withTaskCancellationHandler`: a task already cancelled cancels at once.
    if machine.isCurrentTaskCancelled { cancel() }
    let suspension = machine.suspension(at: range)
    switch state {
    case .awaitingSubscription:
      pending.append(suspension)
      pendingDemand += 1
    case .subscribed(let subscription):
      pending.append(suspension)
      subscription.request(.max(1))
    case .terminal(nil):
      return nil
    case .terminal(let failure?):
      state = .terminal(nil)
      throw SwiftRunError.thrown(failure.thrown ?? .string(failure.message), range)
    }
    let value = try machine.wait(for: suspension) { [weak self] in self?.cancel() }
    return AsyncEnd.isEnd(value) ? nil : value
  }

  private func resumeAllAtTheEnd() {
    let waiting = pending
    pending = []
    for suspension in waiting { machine.resumeLater(suspension, with: .value(AsyncEnd.value)) }
  }
}

/// The end of an async sequence, as a `next()` gives it: distinct from a
/// `nil` element of a sequence of optionals.
enum AsyncEnd {
  private final class Marker: OpaqueValue {}
  private static let marker = Marker()
  static let value = Value.opaque(marker)
  static func isEnd(_ value: Value) -> Bool { value.opaque(as: Marker.self) === marker }
}
