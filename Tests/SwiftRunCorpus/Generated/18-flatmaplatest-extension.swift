// Generated from Snippets/18-flatmaplatest-extension.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private extension Publisher {
    func flatMapLatest<T: Publisher>(_ transform: @escaping (Output) -> T) -> Publishers.SwitchToLatest<T, Publishers.Map<Self, T>> where T.Failure == Failure {
        map(transform).switchToLatest()
    }
}

private func lookup(_ term: String) -> AnyPublisher<String, Never> {
    Just("results for \(term)")
        .delay(for: .milliseconds(term.count * 100), scheduler: DispatchQueue.main)
        .eraseToAnyPublisher()
}

@MainActor func snippet18FlatmaplatestExtension() {
  // Form: a user extension Publisher method flatMapLatest, as open-source apps define it



  let terms = PassthroughSubject<String, Never>()
  let cancellable = terms
      .flatMapLatest { lookup($0) }
      .sink { print($0) }

  terms.send("swift")
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) { terms.send("go") }
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(1000)) { terms.send("rust") }
  OracleClock.shared.run()
  withExtendedLifetime((terms, cancellable)) { OracleLog.shared.close() }
}
