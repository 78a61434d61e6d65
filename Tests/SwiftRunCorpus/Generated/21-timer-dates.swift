// Generated from Snippets/21-timer-dates.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet21TimerDates() {
  // Form: a clock that maps Timer.publish's Date values, as in Q&A answers about timers

  let start = Date()
  var subscriptions = Set<AnyCancellable>()
  OracleTypeLog.shared.record("0 0", types(Timer.publish(every: 0.5, on: RunLoop.main, in: .default) .autoconnect()))
  OracleTypeLog.shared.record("0 1", types(Timer.publish(every: 0.5, on: RunLoop.main, in: .default) .autoconnect().map { $0.timeIntervalSince(start) }))
  OracleTypeLog.shared.record("0 2", types(Timer.publish(every: 0.5, on: RunLoop.main, in: .default) .autoconnect().map { $0.timeIntervalSince(start) }.prefix(4)))
  Timer.publish(every: 0.5, on: RunLoop.main, in: .default)
      .autoconnect()
      .map { $0.timeIntervalSince(start) }
      .prefix(4)
      .sink { elapsed in
          print("elapsed \(elapsed)s")
      }
      .store(in: &subscriptions)

  OracleTypeLog.shared.record("1 0", types(Timer.publish(every: 1.25, on: .main, in: .common) .autoconnect()))
  OracleTypeLog.shared.record("1 1", types(Timer.publish(every: 1.25, on: .main, in: .common) .autoconnect().map(\.timeIntervalSince1970)))
  OracleTypeLog.shared.record("1 2", types(Timer.publish(every: 1.25, on: .main, in: .common) .autoconnect().map(\.timeIntervalSince1970).first()))
  Timer.publish(every: 1.25, on: .main, in: .common)
      .autoconnect()
      .map(\.timeIntervalSince1970)
      .first()
      .sink { print("first tick at \($0)") }
      .store(in: &subscriptions)
  OracleClock.shared.run()
  withExtendedLifetime((start, subscriptions)) { OracleLog.shared.close() }
}
