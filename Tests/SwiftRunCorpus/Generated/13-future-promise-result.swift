// Generated from Snippets/13-future-promise-result.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private func fetchScore(for player: String, completion: @escaping (Result<Int, Error>) -> Void) {
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(250)) {
        completion(.success(player.count * 10))
    }
}

private func scorePublisher(for player: String) -> Future<Int, Error> {
    Future { promise in
        fetchScore(for: player) { result in
            promise(result)
        }
    }
}

@MainActor func snippet13FuturePromiseResult() {
  // Form: wrapping a completion-handler API in a Future, as in "Future and Promise" articles



  let instant = Future<String, Never> { promise in
      promise(Result.success("ready"))
  }
  let c1 = instant.sink { print("instant: \($0)") }

  let c2 = scorePublisher(for: "Ana")
      .sink(receiveCompletion: { completion in
          print("score completion: \(completion)")
      }, receiveValue: { score in
          print("score: \(score)")
      })
  OracleClock.shared.run()
  withExtendedLifetime((instant, c1, c2)) { OracleLog.shared.close() }
}
