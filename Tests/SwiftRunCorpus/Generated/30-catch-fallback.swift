// Generated from Snippets/30-catch-fallback.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private struct ParseError: Error, CustomStringConvertible {
    let input: String
    var description: String { "cannot parse \(input)" }
}

@MainActor func snippet30CatchFallback() {
  // Form: tryMap that throws, then catch with a fallback Just (error-handling articles)


  let raw = ["1", "2", "three", "4"]
  OracleTypeLog.shared.record("0 0", types(raw.publisher))
  OracleTypeLog.shared.record("0 1", types(raw.publisher.tryMap { text -> Int in guard let number = Int(text) else { throw ParseError(input: text) }; return number }))
  OracleTypeLog.shared.record("0 2", types(raw.publisher.tryMap { text -> Int in guard let number = Int(text) else { throw ParseError(input: text) }; return number }.catch { error -> Just<Int> in print("caught: \(error)"); return Just(-1) }))
  let cancellable = raw.publisher
      .tryMap { text -> Int in
          guard let number = Int(text) else { throw ParseError(input: text) }
          return number
      }
      .catch { error -> Just<Int> in
          print("caught: \(error)")
          return Just(-1)
      }
      .sink(receiveCompletion: { print("completion: \($0)") },
            receiveValue: { print("number \($0)") })
  OracleClock.shared.run()
  withExtendedLifetime((raw, cancellable)) { OracleLog.shared.close() }
}
