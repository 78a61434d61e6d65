// Generated from Snippets/01-array-publisher-map.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet01ArrayPublisherMap() {
  // Form: the first pipeline of an introductory Combine article (a sequence publisher, map, sink)

  let numbers = [1, 2, 3, 4, 5]
  OracleTypeLog.shared.record("0 0", types(numbers.publisher))
  OracleTypeLog.shared.record("0 1", types(numbers.publisher.map { $0 * 10 }))
  let cancellable = numbers.publisher
      .map { $0 * 10 }
      .sink { value in
          print("value:", value)
      }
  OracleClock.shared.run()
  withExtendedLifetime((numbers, cancellable)) { OracleLog.shared.close() }
}
