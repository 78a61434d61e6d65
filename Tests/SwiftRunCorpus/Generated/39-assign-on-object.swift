// Generated from Snippets/39-assign-on-object.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private final class Label {
    var text: String = "" {
        didSet { print("label text = \(text)") }
    }
}

@MainActor func snippet39AssignOnObject() {
  // Form: assign(to:on:) binding a publisher to an object's property (UIKit binding articles)


  let label = Label()
  let progress = PassthroughSubject<Int, Never>()
  OracleTypeLog.shared.record("0 0", types(progress))
  OracleTypeLog.shared.record("0 1", types(progress.map { "\($0)%" }))
  let binding = progress
      .map { "\($0)%" }
      .assign(to: \.text, on: label)

  progress.send(0)
  progress.send(50)
  progress.send(100)
  OracleClock.shared.run()
  withExtendedLifetime((label, progress, binding)) { OracleLog.shared.close() }
}
