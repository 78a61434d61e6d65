// Generated from Snippets/17-merge-many.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet17MergeMany() {
  // Form: Publishers.MergeMany over an array of per-item publishers (open-source apps' refresh code)

  let feeds = ["news", "sports", "weather"]
  let loads = feeds.enumerated().map { index, feed in
      Just(feed)
          .delay(for: .milliseconds(300 - index * 100), scheduler: DispatchQueue.main)
          .map { "\($0) loaded" }
  }

  var tokens = Set<AnyCancellable>()
  Publishers.MergeMany(loads)
      .sink(receiveCompletion: { _ in print("all feeds done") },
            receiveValue: { print($0) })
      .store(in: &tokens)
  OracleClock.shared.run()
  withExtendedLifetime((feeds, loads, tokens)) { OracleLog.shared.close() }
}
