import OpenCombine

/// A scheduler's point in time on the oracle's clock.
protocol OracleTimeType: Strideable, Hashable where Stride == OracleStride {
  init(nanoseconds: Int)
  var nanoseconds: Int { get }
}

extension OracleTimeType {
  func distance(to other: Self) -> OracleStride { .init(nanoseconds: other.nanoseconds - nanoseconds) }
  func advanced(by n: OracleStride) -> Self { .init(nanoseconds: nanoseconds + n.nanoseconds) }
}

/// A stand-in for a real scheduler (the main queue, the main run loop): its
/// work goes on the oracle's clock, which runs after the snippet's statements.
protocol OracleMainScheduler: Scheduler where SchedulerTimeType: OracleTimeType {}

extension OracleMainScheduler {
  var now: SchedulerTimeType { .init(nanoseconds: OracleClock.shared.now) }
  var minimumTolerance: OracleStride { .init(nanoseconds: 0) }

  func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    OracleClock.shared.schedule(at: OracleClock.shared.now, action)
  }

  func schedule(
    after date: SchedulerTimeType, tolerance: OracleStride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    OracleClock.shared.schedule(at: date.nanoseconds, action)
  }

  func schedule(
    after date: SchedulerTimeType, interval: OracleStride, tolerance: OracleStride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) -> Cancellable {
    OracleWorkCancellable(
      work: OracleClock.shared.schedule(at: date.nanoseconds, interval: interval.nanoseconds, action))
  }
}

/// Dispatch's queue: every queue is the main queue on the virtual clock.
final class DispatchQueue: OracleMainScheduler {
  struct SchedulerTimeType: OracleTimeType {
    var dispatchTime: DispatchTime
    init(_ time: DispatchTime) { self.dispatchTime = time }
    init(nanoseconds: Int) { self.dispatchTime = DispatchTime(uptimeNanoseconds: nanoseconds) }
    var nanoseconds: Int { dispatchTime.uptimeNanoseconds }
    typealias Stride = OracleStride
  }

  struct SchedulerOptions {}

  static let main = DispatchQueue(label: "com.apple.main-thread")

  let label: String

  init(label: String) { self.label = label }

  func async(execute work: @escaping () -> Void) {
    OracleClock.shared.schedule(at: OracleClock.shared.now, work)
  }

  func asyncAfter(deadline: DispatchTime, execute work: @escaping () -> Void) {
    OracleClock.shared.schedule(at: deadline.uptimeNanoseconds, work)
  }

  /// Point-Free's `DispatchQueue.test` (combine-schedulers).
  static var test: TestSchedulerOf<DispatchQueue> { TestScheduler(now: .init(nanoseconds: OracleClock.shared.now)) }
}

/// Foundation's run loop: the main run loop on the virtual clock.
final class RunLoop: OracleMainScheduler {
  struct SchedulerTimeType: OracleTimeType {
    var date: Date
    init(_ date: Date) { self.date = date }
    init(nanoseconds: Int) { self.date = Date(timeIntervalSince1970: Double(nanoseconds) / 1e9) }
    var nanoseconds: Int { Int((date.timeIntervalSince1970 * 1e9).rounded()) }
    typealias Stride = OracleStride
  }

  struct SchedulerOptions {}

  struct Mode: Hashable {
    let rawValue: String
    static let common = Mode(rawValue: "kCFRunLoopCommonModes")
    static let `default` = Mode(rawValue: "kCFRunLoopDefaultMode")
  }

  static let main = RunLoop()
  static var current: RunLoop { main }

  /// Point-Free's `RunLoop.test` (combine-schedulers).
  static var test: TestSchedulerOf<RunLoop> { TestScheduler(now: .init(nanoseconds: OracleClock.shared.now)) }
}

/// Foundation's `Timer`, only as far as Combine uses it.
final class Timer {
  static func publish(
    every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop, in mode: RunLoop.Mode,
    options: RunLoop.SchedulerOptions? = nil
  ) -> TimerPublisher {
    TimerPublisher(interval: interval)
  }

  /// `Timer.TimerPublisher`: once connected, sends the date every `interval`
  /// to every subscriber that has demand; the first at connection + interval.
  final class TimerPublisher: ConnectablePublisher {
    typealias Output = Date
    typealias Failure = Never

    let interval: TimeInterval
    private let subject = PassthroughSubject<Date, Never>()

    init(interval: TimeInterval) { self.interval = interval }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never {
      subject.receive(subscriber: subscriber)
    }

    func connect() -> Cancellable {
      let period = Int((interval * 1e9).rounded())
      let subject = self.subject
      return OracleWorkCancellable(
        work: OracleClock.shared.schedule(at: OracleClock.shared.now + period, interval: period) {
          subject.send(Date())
        })
    }
  }
}
