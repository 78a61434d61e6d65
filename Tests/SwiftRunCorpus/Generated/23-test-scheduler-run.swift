// Generated from Snippets/23-test-scheduler-run.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet23TestSchedulerRun() {
  // Form: a combine-schedulers test that runs the scheduler to the end with run()

  let scheduler = DispatchQueue.test
  var output: [Int] = []

  OracleTypeLog.shared.record("0 0", types(Just(1)))
  OracleTypeLog.shared.record("0 1", types(Just(1).append(2, 3)))
  OracleTypeLog.shared.record("0 2", types(Just(1).append(2, 3).flatMap { value in Just(value * 100).delay(for: .seconds(value), scheduler: scheduler) }))
  let cancellable = Just(1)
      .append(2, 3)
      .flatMap { value in
          Just(value * 100).delay(for: .seconds(value), scheduler: scheduler)
      }
      .sink { value in
          output.append(value)
          print("received \(value)")
      }

  print("before run: \(output)")
  scheduler.run()
  print("after run: \(output)")
  OracleClock.shared.run()
  withExtendedLifetime((scheduler, output, cancellable)) { OracleLog.shared.close() }
}
