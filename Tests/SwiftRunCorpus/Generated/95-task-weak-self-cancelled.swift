// Generated from Snippets/95-task-weak-self-cancelled.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private final class FeedModel {
  let updates = PassthroughSubject<Int, Never>()
  var latest = 0
  var task: Task<Void, Never>?

  init() {
    task = Task { [weak self, updates] in
      OracleTypeLog.shared.record("0 0", types(updates))
      for await value in updates.values {
        self?.latest = value
        print("latest \(value)")
      }
      print("loop ended")
    }
  }

  deinit {
    task?.cancel()
    print("FeedModel deinit")
  }
}

@MainActor func snippet95TaskWeakSelfCancelled() {
  // Form: the same view model with `[weak self]` and the subject captured, cancelling its task in `deinit` (articles on Task lifetimes)


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
