// Generated from Snippets/86-values-first-where.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet86ValuesFirstWhere() async {
  // Form: A tutorial's bridge from a publisher to async code: the first value that passes a test, awaited at the top level.

  let scores = PassthroughSubject<Int, Never>()

  for (index, score) in [3, 8, 12, 5, 20].enumerated() {
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100 * (index + 1))) {
      print("send \(score)")
      scores.send(score)
    }
  }

  OracleTypeLog.shared.record("0 0", types(scores))
  let firstHigh = await scores.values.first(where: { $0 > 10 })
  print("first above 10: \(firstHigh ?? -1)")
  await OracleTasks.untilIdle()
  withExtendedLifetime((scores, firstHigh)) { OracleLog.shared.close() }
}
