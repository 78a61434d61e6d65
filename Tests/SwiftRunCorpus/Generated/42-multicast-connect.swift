// Generated from Snippets/42-multicast-connect.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet42MulticastConnect() {
  // Form: multicast(subject:) with an explicit connect() (Combine books' sharing chapter)

  let source = ["x", "y"].publisher
  let multicasted = source.multicast(subject: PassthroughSubject<String, Never>())

  var seenByA: [String] = []
  var seenByB: [String] = []
  let a = multicasted.sink { seenByA.append($0) }
  let b = multicasted.sink { seenByB.append($0) }
  print("before connect: A \(seenByA), B \(seenByB)")
  let connection = multicasted.connect()
  print("after connect: A \(seenByA), B \(seenByB)")
  OracleClock.shared.run()
  withExtendedLifetime((source, multicasted, seenByA, seenByB, a, b, connection)) { OracleLog.shared.close() }
}
