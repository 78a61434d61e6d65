// Generated from Snippets/51-drop-prefix-while.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet51DropPrefixWhile() {
  // Form: dropFirst, drop(while:) and prefix(while:) side by side (operator reference articles)

  let values = [1, 3, 5, 6, 7, 8, 9].publisher
  var bag = Set<AnyCancellable>()

  OracleTypeLog.shared.record("0 0", types([1, 3, 5, 6, 7, 8, 9].publisher))
  OracleTypeLog.shared.record("0 1", types([1, 3, 5, 6, 7, 8, 9].publisher.dropFirst(2)))
  OracleTypeLog.shared.record("0 2", types([1, 3, 5, 6, 7, 8, 9].publisher.dropFirst(2).collect()))
  values.dropFirst(2).collect().sink { print("dropFirst(2): \($0)") }.store(in: &bag)
  OracleTypeLog.shared.record("1 0", types([1, 3, 5, 6, 7, 8, 9].publisher))
  OracleTypeLog.shared.record("1 1", types([1, 3, 5, 6, 7, 8, 9].publisher.drop(while: { $0 % 2 == 1 })))
  OracleTypeLog.shared.record("1 2", types([1, 3, 5, 6, 7, 8, 9].publisher.drop(while: { $0 % 2 == 1 }).collect()))
  values.drop(while: { $0 % 2 == 1 }).collect().sink { print("drop(while odd): \($0)") }.store(in: &bag)
  OracleTypeLog.shared.record("2 0", types([1, 3, 5, 6, 7, 8, 9].publisher))
  OracleTypeLog.shared.record("2 1", types([1, 3, 5, 6, 7, 8, 9].publisher.prefix(while: { $0 < 6 })))
  OracleTypeLog.shared.record("2 2", types([1, 3, 5, 6, 7, 8, 9].publisher.prefix(while: { $0 < 6 }).collect()))
  values.prefix(while: { $0 < 6 }).collect().sink { print("prefix(while < 6): \($0)") }.store(in: &bag)
  OracleClock.shared.run()
  withExtendedLifetime((values, bag)) { OracleLog.shared.close() }
}
