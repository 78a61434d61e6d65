// Generated from Snippets/27-zip-pairs.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet27ZipPairs() {
  // Form: zip pairing two request results, as in operator-by-operator articles

  let names = PassthroughSubject<String, Never>()
  let scores = PassthroughSubject<Int, Never>()

  OracleTypeLog.shared.record("0 0", types(names))
  OracleTypeLog.shared.record("0 1", types(names.zip(scores)))
  let cancellable = names.zip(scores)
      .sink(receiveCompletion: { print("zip: \($0)") },
            receiveValue: { name, score in print("\(name) scored \(score)") })

  names.send("Ann")
  names.send("Bob")
  scores.send(90)
  names.send("Cy")
  scores.send(75)
  scores.send(60)
  names.send(completion: .finished)
  scores.send(40)
  OracleClock.shared.run()
  withExtendedLifetime((names, scores, cancellable)) { OracleLog.shared.close() }
}
