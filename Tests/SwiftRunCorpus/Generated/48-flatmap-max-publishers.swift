// Generated from Snippets/48-flatmap-max-publishers.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private func download(_ file: String) -> AnyPublisher<String, Never> {
    print("start \(file)")
    return Just("\(file) done")
        .delay(for: .milliseconds(100 * file.count), scheduler: DispatchQueue.main)
        .eraseToAnyPublisher()
}

@MainActor func snippet48FlatmapMaxPublishers() {
  // Form: flatMap(maxPublishers: .max(1)) to run downloads one at a time (articles on back pressure)


  OracleTypeLog.shared.record("0 0", types(["a", "bbb", "cc"].publisher))
  OracleTypeLog.shared.record("0 1", types(["a", "bbb", "cc"].publisher.flatMap(maxPublishers: .max(1)) { download($0) }))
  let cancellable = ["a", "bbb", "cc"].publisher
      .flatMap(maxPublishers: .max(1)) { download($0) }
      .sink(receiveCompletion: { _ in print("queue empty") },
            receiveValue: { print($0) })
  OracleClock.shared.run()
  withExtendedLifetime(cancellable) { OracleLog.shared.close() }
}
