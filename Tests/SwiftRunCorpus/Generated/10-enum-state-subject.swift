// Generated from Snippets/10-enum-state-subject.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private enum LoadingState {
    case idle
    case loading
    case loaded([String])
    case failed(String)
}

@MainActor func snippet10EnumStateSubject() {
  // Form: a loading-state enum with associated values sent through a subject (MVVM articles)


  let state = CurrentValueSubject<LoadingState, Never>(.idle)
  OracleTypeLog.shared.record("0 0", types(state))
  let render = state.sink { state in
      switch state {
      case .idle:
          print("idle")
      case .loading:
          print("spinner on")
      case .loaded(let items) where items.isEmpty:
          print("empty list")
      case .loaded(let items):
          print("showing \(items.count) items: \(items.joined(separator: ", "))")
      case .failed(let message):
          print("error: \(message)")
      }
  }

  state.send(.loading)
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(400)) {
      state.send(.loaded(["a", "b"]))
  }
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(800)) {
      state.send(.loaded([]))
      state.send(.failed("offline"))
  }
  OracleClock.shared.run()
  withExtendedLifetime((state, render)) { OracleLog.shared.close() }
}
