// Generated from Snippets/92-task-cancel-values-loop.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet92TaskCancelValuesLoop() {
  // Form: An article's view model task: cancelling the task that reads `.values` cancels the subscription and ends the loop.

  let ticks = PassthroughSubject<Int, Never>()

  let listener = Task {
    OracleTypeLog.shared.record("0 0", types(ticks))
    OracleTypeLog.shared.record("0 1", types(ticks.handleEvents(receiveCancel: { print("subscription cancelled") })))
    for await tick in ticks.handleEvents(receiveCancel: { print("subscription cancelled") }).values {
      print("tick \(tick)")
    }
    print("loop ended, cancelled: \(Task.isCancelled)")
  }

  for tick in 1...5 {
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100 * tick)) { ticks.send(tick) }
  }
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(250)) {
    print("cancelling")
    listener.cancel()
  }
  OracleClock.shared.run()
  withExtendedLifetime((ticks, listener)) { OracleLog.shared.close() }
}
