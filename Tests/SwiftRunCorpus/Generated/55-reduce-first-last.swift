// Generated from Snippets/55-reduce-first-last.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet55ReduceFirstLast() {
  // Form: reduce, first(where:) and last on a finite publisher (operator cheat sheets)

  let scores = [12, 40, 7, 33].publisher
  var cancellables = Set<AnyCancellable>()

  OracleTypeLog.shared.record("0 0", types([12, 40, 7, 33].publisher))
  OracleTypeLog.shared.record("0 1", types([12, 40, 7, 33].publisher.reduce(0, +)))
  scores.reduce(0, +).sink { print("sum \($0)") }.store(in: &cancellables)
  OracleTypeLog.shared.record("1 0", types([12, 40, 7, 33].publisher))
  OracleTypeLog.shared.record("1 1", types([12, 40, 7, 33].publisher.first(where: { $0 > 20 })))
  scores.first(where: { $0 > 20 }).sink { print("first over 20: \($0)") }.store(in: &cancellables)
  OracleTypeLog.shared.record("2 0", types([12, 40, 7, 33].publisher))
  OracleTypeLog.shared.record("2 1", types([12, 40, 7, 33].publisher.last()))
  scores.last().sink { print("last \($0)") }.store(in: &cancellables)
  OracleTypeLog.shared.record("3 0", types([12, 40, 7, 33].publisher))
  OracleTypeLog.shared.record("3 1", types([12, 40, 7, 33].publisher.count()))
  scores.count().sink { print("count \($0)") }.store(in: &cancellables)
  OracleTypeLog.shared.record("4 0", types([12, 40, 7, 33].publisher))
  OracleTypeLog.shared.record("4 1", types([12, 40, 7, 33].publisher.max()))
  scores.max().sink { print("max \($0)") }.store(in: &cancellables)
  OracleClock.shared.run()
  withExtendedLifetime((scores, cancellables)) { OracleLog.shared.close() }
}
