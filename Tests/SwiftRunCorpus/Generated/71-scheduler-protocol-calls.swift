// Generated from Snippets/71-scheduler-protocol-calls.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet71SchedulerProtocolCalls() {
  // Form: calling the Scheduler protocol directly (schedule(after:), a repeating schedule(after:interval:)), as Combine books' scheduler chapters do

  let queue = DispatchQueue.main
  let runLoop = RunLoop.main

  queue.schedule {
      print("scheduled now, runs after the statements")
  }
  queue.schedule(after: queue.now.advanced(by: .milliseconds(300))) {
      print("300ms on the queue")
  }
  runLoop.schedule(after: .init(Date().addingTimeInterval(1))) {
      print("1s on the run loop")
  }

  var beats = 0
  let heartbeat = queue.schedule(after: queue.now.advanced(by: .milliseconds(250)), interval: .milliseconds(250)) {
      beats += 1
      print("beat \(beats)")
  }
  queue.asyncAfter(deadline: .now() + .milliseconds(800)) {
      heartbeat.cancel()
      print("heartbeat stopped")
  }
  print("all scheduled")
  OracleClock.shared.run()
  withExtendedLifetime((queue, runLoop, beats, heartbeat)) { OracleLog.shared.close() }
}
