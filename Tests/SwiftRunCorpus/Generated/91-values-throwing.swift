// Generated from Snippets/91-values-throwing.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private enum FeedError: Error {
  case offline
}

@MainActor func snippet91ValuesThrowing() {
  // Form: A tutorial's failing publisher read with `for try await`: its failure is thrown to the loop.


  let feed = PassthroughSubject<String, FeedError>()

  Task {
    do {
      OracleTypeLog.shared.record("0 0", types(feed))
      for try await item in feed.values {
        print("item \(item)")
      }
      print("feed finished")
    } catch {
      switch error {
      case FeedError.offline: print("feed failed: offline")
      default: print("feed failed")
      }
    }
  }

  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) { feed.send("a") }
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) { feed.send("b") }
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300)) { feed.send(completion: .failure(.offline)) }
  OracleClock.shared.run()
  withExtendedLifetime(feed) { OracleLog.shared.close() }
}
