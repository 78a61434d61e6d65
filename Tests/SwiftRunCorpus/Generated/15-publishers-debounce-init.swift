// Generated from Snippets/15-publishers-debounce-init.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet15PublishersDebounceInit() {
  // Form: the Publishers.Debounce(upstream:dueTime:scheduler:options:) spelling from Apple's reference documentation

  let keystrokes = PassthroughSubject<String, Never>()
  let debounced = Publishers.Debounce(
      upstream: keystrokes,
      dueTime: .milliseconds(200),
      scheduler: DispatchQueue.main,
      options: nil
  )
  let subscription = debounced.sink { print("debounced: \($0)") }

  let typed: [(String, Int)] = [("h", 0), ("he", 50), ("hel", 120), ("help", 500), ("helps", 650)]
  for (text, at) in typed {
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(at)) {
          keystrokes.send(text)
      }
  }
  OracleClock.shared.run()
  withExtendedLifetime((keystrokes, debounced, subscription, typed)) { OracleLog.shared.close() }
}
