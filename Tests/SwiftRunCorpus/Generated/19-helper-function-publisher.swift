// Generated from Snippets/19-helper-function-publisher.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private func observe<P: Publisher>(_ name: String, _ publisher: P) -> AnyCancellable {
    publisher.sink(
        receiveCompletion: { completion in
            switch completion {
            case .finished:
                print("\(name) finished")
            case .failure(let error):
                print("\(name) failed: \(error)")
            }
        },
        receiveValue: { value in
            print("\(name) -> \(value)")
        }
    )
}

@MainActor func snippet19HelperFunctionPublisher() {
  // Form: a helper function that takes any publisher and subscribes with logging (playground pages of Combine books)


  let a = observe("evens", (1...6).publisher.filter { $0.isMultiple(of: 2) })
  let b = observe("words", ["a", "bb", "ccc"].publisher.map(\.count).reduce(0, +))
  OracleClock.shared.run()
  withExtendedLifetime((a, b)) { OracleLog.shared.close() }
}
