// Generated from Snippets/40-compactmap-parse.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet40CompactmapParse() {
  // Form: compactMap dropping values that do not parse (operator cheat sheets)

  let input = PassthroughSubject<String, Never>()
  OracleTypeLog.shared.record("0 0", types(input))
  OracleTypeLog.shared.record("0 1", types(input.compactMap(Int.init)))
  OracleTypeLog.shared.record("0 2", types(input.compactMap(Int.init).filter { $0 > 0 }))
  let cancellable = input
      .compactMap(Int.init)
      .filter { $0 > 0 }
      .sink { print("accepted \($0)") }

  ["12", "x", "-4", "7", ""].forEach { input.send($0) }
  OracleClock.shared.run()
  withExtendedLifetime((input, cancellable)) { OracleLog.shared.close() }
}
