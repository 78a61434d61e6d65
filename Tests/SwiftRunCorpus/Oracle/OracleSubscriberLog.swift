import Glibc
import OpenCombine

/// Every event the snippet's own subscribers (each `sink` and `assign`)
/// received, stamped with the virtual time, through OpenCombine's
/// introspection hook (`_Introspection`), which sees each subscriber a
/// `subscribe` call attaches.
///
/// Each subscriber is numbered in the order it was subscribed, and its events
/// are listed together: when one send reaches several subscribers, Combine
/// leaves the order among them unspecified (a subject keeps them in a `Set`),
/// so only each subscriber's own sequence is a truth. The hook is global:
/// only what happens on the thread that runs the snippet is the snippet's
/// (other suites may subscribe on other threads meanwhile).
final class OracleSubscriberLog: _Introspection {
  nonisolated(unsafe) static var shared = OracleSubscriberLog()

  /// Off once the clock has run: a script's globals are never released, so
  /// the cancellations when the oracle's function returns are not the snippet's.
  var isRecording = true

  /// The thread the snippet runs on: the one that made this log.
  private let thread = pthread_self()
  private var isSnippetThread: Bool { pthread_equal(thread, pthread_self()) != 0 }

  private var numbers: [CombineIdentifier: Int] = [:]
  private var subscriptions: [CombineIdentifier: Int] = [:]
  private var events: [[String]] = []
  /// Subscribers that finished, failed or were cancelled. What reaches one
  /// later is not its event: Combine's contract makes a later `cancel()` a
  /// no-op, and a `sink` ignores what an upstream still delivers after it
  /// was cancelled (OpenCombine's `delay` delivers what it had scheduled).
  private var ended: Set<Int> = []

  func willReceive<Downstream: Subscriber>(subscriber: Downstream, subscription: Subscription) {
    guard isSnippetThread, isRecording, OracleSubscriberLog.isSnippetSubscriber(subscriber) else { return }
    let number = events.count
    numbers[subscriber.combineIdentifier] = number
    subscriptions[subscription.combineIdentifier] = number
    events.append([])
    record(number, "subscribed")
  }

  func willReceive<Downstream: Subscriber>(subscriber: Downstream, input: Downstream.Input) {
    guard isSnippetThread, isRecording, let number = numbers[subscriber.combineIdentifier], !ended.contains(number)
    else { return }
    record(number, "value \(OracleSubscriberLog.text(input))")
  }

  func willReceive<Downstream: Subscriber>(
    subscriber: Downstream, completion: Subscribers.Completion<Downstream.Failure>
  ) {
    guard isSnippetThread, isRecording, let number = numbers[subscriber.combineIdentifier],
      ended.insert(number).inserted
    else { return }
    switch completion {
    case .finished: record(number, "finished")
    case .failure(let error): record(number, "failure \(OracleSubscriberLog.text(error))")
    }
  }

  func willCancel(subscription: Subscription) {
    guard isSnippetThread, isRecording, let number = subscriptions[subscription.combineIdentifier],
      ended.insert(number).inserted
    else { return }
    record(number, "cancelled")
  }

  /// `#1 0ms: subscribed`, … the first subscriber's events, then the second's, …
  func lines() -> [String] {
    events.enumerated().flatMap { number, lines in lines.map { "#\(number + 1) \($0)" } }
  }

  private func record(_ number: Int, _ event: String) {
    events[number].append("\(OracleLog.stamp(OracleClock.shared.now)): \(event)")
  }

  static func isSnippetSubscriber<S: Subscriber>(_ subscriber: S) -> Bool {
    let name = String(describing: type(of: subscriber))
    return name.hasPrefix("Sink<") || name.hasPrefix("Assign<")
  }

  /// A value as `print` shows it, without the module a type of the paste is
  /// declared in (`main.` in a script, here the test module's private scope).
  static func text(_ value: Any) -> String {
    var text = String(describing: value)
    while let start = text.range(of: "SwiftRunCorpusTests.") {
      var end = start.upperBound
      if text[end...].hasPrefix("(unknown context at "), let close = text[end...].range(of: ").") {
        end = close.upperBound
      }
      text.removeSubrange(start.lowerBound..<end)
    }
    return text
  }
}
