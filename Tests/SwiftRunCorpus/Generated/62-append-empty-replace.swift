// Generated from Snippets/62-append-empty-replace.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet62AppendEmptyReplace() {
  // Form: append, replaceEmpty and replaceNil on small publishers (operator reference articles)

  var bag = Set<AnyCancellable>()
  Empty<Int, Never>()
      .replaceEmpty(with: -1)
      .sink { print("replaceEmpty: \($0)") }
      .store(in: &bag)

  [1, nil, 3].publisher
      .replaceNil(with: 0)
      .append(4, 5)
      .collect()
      .sink { print("replaceNil + append: \($0)") }
      .store(in: &bag)

  Just("start")
      .append(["middle", "end"].publisher)
      .prepend("before")
      .sink { print("concatenated: \($0)") }
      .store(in: &bag)
  OracleClock.shared.run()
  withExtendedLifetime(bag) { OracleLog.shared.close() }
}
