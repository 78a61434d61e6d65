// Generated from Snippets/93-task-keeps-captures.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private final class Loader {
  let name: String
  init(name: String) { self.name = name }
  deinit { print("\(name) deinit") }
}

@MainActor func snippet93TaskKeepsCaptures() {
  // Form: A memory-management article's rule: a task keeps what its closure captures until the task ends.


  var loader: Loader? = Loader(name: "loader")
  Task { [loader] in
    try? await Task.sleep(for: .milliseconds(300))
    print("task ends with \(loader?.name ?? "nothing")")
  }
  loader = nil
  print("global released")
  OracleClock.shared.run()
  withExtendedLifetime(loader) { OracleLog.shared.close() }
}
