// Generated from Snippets/50-typing-loop-debounce.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet50TypingLoopDebounce() {
  // Form: simulating typing in a playground with a loop of asyncAfter calls (playground snippets in articles)

  let textField = CurrentValueSubject<String, Never>("")
  var cancellables = Set<AnyCancellable>()

  OracleTypeLog.shared.record("0 0", types(textField))
  OracleTypeLog.shared.record("0 1", types(textField.dropFirst()))
  OracleTypeLog.shared.record("0 2", types(textField.dropFirst().debounce(for: .milliseconds(250), scheduler: RunLoop.main)))
  OracleTypeLog.shared.record("0 3", types(textField.dropFirst().debounce(for: .milliseconds(250), scheduler: RunLoop.main).filter { !$0.isEmpty }))
  textField
      .dropFirst()
      .debounce(for: .milliseconds(250), scheduler: RunLoop.main)
      .filter { !$0.isEmpty }
      .sink { print("search for \"\($0)\"") }
      .store(in: &cancellables)

  let typing = "combine"
  var delay = 0
  for (i, _) in typing.enumerated() {
      delay += i == 4 ? 400 : 100
      let prefix = String(typing.prefix(i + 1))
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(delay)) {
          textField.value = prefix
      }
  }
  OracleClock.shared.run()
  withExtendedLifetime((textField, cancellables, typing, delay)) { OracleLog.shared.close() }
}
