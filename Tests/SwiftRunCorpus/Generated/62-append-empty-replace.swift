// Generated from Snippets/62-append-empty-replace.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet62AppendEmptyReplace() {
  // Form: append, replaceEmpty and replaceNil on small publishers (operator reference articles)

  var bag = Set<AnyCancellable>()
  OracleTypeLog.shared.record("0 0", types(Empty<Int, Never>()))
  OracleTypeLog.shared.record("0 1", types(Empty<Int, Never>().replaceEmpty(with: -1)))
  Empty<Int, Never>()
      .replaceEmpty(with: -1)
      .sink { print("replaceEmpty: \($0)") }
      .store(in: &bag)

  OracleTypeLog.shared.record("1 0", types([1, nil, 3].publisher))
  OracleTypeLog.shared.record("1 1", types([1, nil, 3].publisher.replaceNil(with: 0)))
  OracleTypeLog.shared.record("1 2", types([1, nil, 3].publisher.replaceNil(with: 0).append(4, 5)))
  OracleTypeLog.shared.record("1 3", types([1, nil, 3].publisher.replaceNil(with: 0).append(4, 5).collect()))
  [1, nil, 3].publisher
      .replaceNil(with: 0)
      .append(4, 5)
      .collect()
      .sink { print("replaceNil + append: \($0)") }
      .store(in: &bag)

  OracleTypeLog.shared.record("2 0", types(Just("start")))
  OracleTypeLog.shared.record("2 1", types(Just("start").append(["middle", "end"].publisher)))
  OracleTypeLog.shared.record("2 2", types(Just("start").append(["middle", "end"].publisher).prepend("before")))
  Just("start")
      .append(["middle", "end"].publisher)
      .prepend("before")
      .sink { print("concatenated: \($0)") }
      .store(in: &bag)
  OracleClock.shared.run()
  withExtendedLifetime(bag) { OracleLog.shared.close() }
}
