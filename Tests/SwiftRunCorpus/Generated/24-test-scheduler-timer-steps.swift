// Generated from Snippets/24-test-scheduler-timer-steps.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private final class Poller {
    private var cancellable: AnyCancellable?
    private(set) var ticks = 0

    func start(every interval: Int, on scheduler: TestSchedulerOf<DispatchQueue>) {
        OracleTypeLog.shared.record("0 0", types(Just(())))
        OracleTypeLog.shared.record("0 1", types(Just(()).delay(for: .seconds(interval), scheduler: scheduler)))
        OracleTypeLog.shared.record("1 0", types(Just(())))
        OracleTypeLog.shared.record("1 1", types(Just(()).delay(for: .seconds(interval), scheduler: scheduler)))
        OracleTypeLog.shared.record("2 0", types(Just(())))
        OracleTypeLog.shared.record("2 1", types(Just(()).delay(for: .seconds(interval), scheduler: scheduler)))
        OracleTypeLog.shared.record("3 0", types(Just(())))
        OracleTypeLog.shared.record("3 1", types(Just(()).delay(for: .seconds(interval), scheduler: scheduler)))
        cancellable = Just(())
            .delay(for: .seconds(interval), scheduler: scheduler)
            .sink { [weak self] in
                guard let self = self else { return }
                self.ticks += 1
                print("poll #\(self.ticks)")
                self.start(every: interval, on: scheduler)
            }
    }

    func stop() {
        cancellable = nil
        print("stopped after \(ticks) polls")
    }
}

@MainActor func snippet24TestSchedulerTimerSteps() {
  // Form: a polling service tested step by step with a test scheduler (open-source apps' test suites)


  let scheduler = DispatchQueue.test
  let poller = Poller()
  poller.start(every: 2, on: scheduler)
  scheduler.advance(by: .seconds(1))
  scheduler.advance(by: .seconds(1))
  scheduler.advance(by: .seconds(5))
  poller.stop()
  scheduler.advance(by: .seconds(10))
  OracleClock.shared.run()
  withExtendedLifetime((scheduler, poller)) { OracleLog.shared.close() }
}
