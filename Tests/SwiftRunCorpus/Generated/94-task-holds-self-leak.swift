// Generated from Snippets/94-task-holds-self-leak.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private final class FeedModel {
  let updates = PassthroughSubject<Int, Never>()
  var latest = 0
  var task: Task<Void, Never>?

  init() {
    task = Task {
      OracleTypeLog.shared.record("0 0", types(updates))
      for await value in updates.values {
        latest = value
        print("latest \(latest)")
      }
      print("loop ended")
    }
  }

  deinit { print("FeedModel deinit") }
}

@MainActor func snippet94TaskHoldsSelfLeak() {
  // Form: a view model whose stored task reads `.values` and captures self: the task outlives the model (articles on Task lifetimes)


  var model: FeedModel? = FeedModel()
  let updates = model!.updates
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) { updates.send(1) }
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(500)) {
    print("releasing the model")
    model = nil
  }
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(800)) { updates.send(2) }
  OracleClock.shared.run()
  withExtendedLifetime((model, updates)) { OracleLog.shared.close() }
}
