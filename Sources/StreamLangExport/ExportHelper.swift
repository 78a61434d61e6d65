import StreamLang

/// One declaration the export's preamble may need, with its Swift source.
///
/// Only the helpers a program uses are printed. Each one is plain Combine a
/// reader can follow; where it stands in for something an app would get from
/// elsewhere (user taps, the network, a `Timer`), its comment says so.
enum ExportHelper: Int, CaseIterable, Comparable {
  case programError
  case subscriptions
  case sinkLogging
  case fail
  case script
  case interval
  case publishedProperty
  case owner
  case sinkHolding
  case loopLogging

  static func < (lhs: ExportHelper, rhs: ExportHelper) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The helpers every export prints.
  static let always: Set<ExportHelper> = [.programError, .subscriptions, .sinkLogging]

  var source: String {
    switch self {
    case .programError:
      return """
        /// The error every failing stage of the program fails with: `fail "boom"`,
        /// `#` in a marble string, `fail("msg")` in a `tryMap`.
        struct ProgramError: Error {
          let message: String
        }
        """
    case .subscriptions:
      return """
        /// Keeps every subscriber's `AnyCancellable` (and every `connect()`) alive
        /// until the program cancels it: releasing one cancels its subscription.
        final class Subscriptions {
          var bySubscriber: [Int: AnyCancellable] = [:]
          var connections: [String: Cancellable] = [:]
          var tasks: [Int: Task<Void, Error>] = [:]
        }
        """
    case .sinkLogging:
      return """
        extension Publisher {
          /// Subscribes with a `sink` that logs, one line per event, what subscriber
          /// `number` sees: streamlab draws the same events as its output row.
          func sink(logging number: Int, to log: @escaping (String) -> Void) -> AnyCancellable {
            handleEvents(
              receiveSubscription: { _ in log("\\(number): subscribed") },
              receiveCancel: { log("\\(number): cancelled") }
            )
            .sink(
              receiveCompletion: { completion in
                switch completion {
                case .finished: log("\\(number): finished")
                case .failure(let error): log("\\(number): failed \\((error as? ProgramError)?.message ?? "\\(error)")")
                }
              },
              receiveValue: { log("\\(number): value \\(String(reflecting: $0))") }
            )
          }
        }
        """
    case .fail:
      return """
        /// `fail("msg")` inside a throwing closure (`tryMap`, `tryFilter`, …):
        /// throws, so the publisher fails with that message.
        func fail<T>(_ message: String) throws -> T {
          throw ProgramError(message: message)
        }
        """
    case .script:
      return """
        /// One event of a `Script`.
        enum ScriptEvent<Output, Failure: Error> {
          case value(Output)
          case finished
          case failure(Failure)
        }

        /// A cold publisher that plays a script for each subscriber, every event at
        /// its offset after that subscription: streamlab's `events`, `marbles` and
        /// `timer`. In an app such events come from users or the network. A
        /// `PassthroughSubject` plays them, so a value sent while the subscriber has
        /// no demand is lost, exactly as a subject loses it.
        struct Script<Output, Failure: Error, S: Scheduler>: Publisher {
          let events: [(S.SchedulerTimeType.Stride, ScriptEvent<Output, Failure>)]
          let scheduler: S

          func receive<Downstream: Subscriber>(subscriber: Downstream)
          where Downstream.Input == Output, Downstream.Failure == Failure {
            let subject = PassthroughSubject<Output, Failure>()
            subject.subscribe(subscriber)
            let start = scheduler.now
            for (offset, event) in events {
              scheduler.schedule(after: start.advanced(by: offset)) {
                switch event {
                case .value(let value): subject.send(value)
                case .finished: subject.send(completion: .finished)
                case .failure(let error): subject.send(completion: .failure(error))
                }
              }
            }
          }
        }
        """
    case .interval:
      return """
        /// Counts 0, 1, 2, … one value every `period`, the first one a period after
        /// each subscription: streamlab's `interval`. On a Mac,
        /// `Timer.publish(every:on:in:).autoconnect()` ticks the same way but sends
        /// `Date`s and runs on wall-clock time; this one counts its ticks on
        /// `scheduler`, and (like a Timer) loses a tick nobody has demand for.
        struct Interval<S: Scheduler>: Publisher {
          typealias Output = Int
          typealias Failure = Never

          let period: S.SchedulerTimeType.Stride
          let scheduler: S

          func receive<Downstream: Subscriber>(subscriber: Downstream)
          where Downstream.Input == Int, Downstream.Failure == Never {
            let subject = PassthroughSubject<Int, Never>()
            var timer: Cancellable?
            var isCancelled = false
            subject
              .handleEvents(receiveCancel: {
                isCancelled = true
                timer?.cancel()
              })
              .subscribe(subscriber)
            guard !isCancelled else { return }
            var tick = 0
            timer = scheduler.schedule(after: scheduler.now.advanced(by: period), interval: period) {
              subject.send(tick)
              tick += 1
            }
          }
        }
        """
    case .publishedProperty:
      return """
        /// An object with one `@Published var`, streamlab's `published`: `$value`
        /// is its publisher, and `value = 1` sends 1 to every subscriber before
        /// `value` holds it (the property's `willSet`). In an app it is a property
        /// of your `ObservableObject`.
        final class PublishedProperty<Value> {
          @Published var value: Value

          init(_ value: Value) {
            self.value = value
          }
        }
        """
    case .owner:
      return """
        /// An object that keeps subscriptions in a `Set<AnyCancellable>`, as a view
        /// model does: streamlab's `let vm = owner`. The program keeps it in
        /// `subscriptions.connections` until it lets go of it (`release vm`); when
        /// its last reference goes, its set goes, and every subscription in it is
        /// cancelled.
        final class Owner: Cancellable {
          var cancellables = Set<AnyCancellable>()

          func cancel() {
            cancellables.removeAll()
          }
        }
        """
    case .sinkHolding:
      return """
        extension Publisher {
          /// `sink(logging:to:)` whose closure keeps `object` alive, as a `sink` that
          /// uses `self` does (streamlab's `sink strong vm`). A `Sink` lets go of its
          /// closures when it receives completion, and of `object` with them.
          func sink(logging number: Int, to log: @escaping (String) -> Void, holding object: Any?) -> AnyCancellable {
            handleEvents(
              receiveSubscription: { _ in log("\\(number): subscribed") },
              receiveCancel: { log("\\(number): cancelled") }
            )
            .sink(
              receiveCompletion: { completion in
                switch completion {
                case .finished: log("\\(number): finished")
                case .failure(let error): log("\\(number): failed \\((error as? ProgramError)?.message ?? "\\(error)")")
                }
              },
              receiveValue: { value in
                withExtendedLifetime(object) { log("\\(number): value \\(String(reflecting: value))") }
              }
            )
          }
        }
        """
    case .loopLogging:
      return """
        extension Publisher {
          /// The publisher as subscriber `number`'s `for await` loop reads it: logs
          /// each event the loop's subscription sees, one line each, as streamlab's
          /// output row draws them (a loop gets each value at the instant it comes,
          /// since it asks for one only when it waits for one).
          func logging(_ number: Int, to log: @escaping (String) -> Void) -> Publishers.HandleEvents<Self> {
            handleEvents(
              receiveSubscription: { _ in log("\\(number): subscribed") },
              receiveOutput: { log("\\(number): value \\(String(reflecting: $0))") },
              receiveCompletion: { completion in
                switch completion {
                case .finished: log("\\(number): finished")
                case .failure(let error): log("\\(number): failed \\((error as? ProgramError)?.message ?? "\\(error)")")
                }
              },
              receiveCancel: { log("\\(number): cancelled") }
            )
          }
        }
        """
    }
  }
}
