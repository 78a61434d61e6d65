// Generated from Snippets/78-assign-on-self-completes.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private final class ScoreBoard {
    var score = 0 {
        didSet { print("score \(score)") }
    }
    var cancellable: AnyCancellable?

    init() {
        OracleTypeLog.shared.record("0 0", types([10, 20, 30].publisher))
        OracleTypeLog.shared.record("0 1", types([10, 20, 30].publisher.delay(for: .milliseconds(500), scheduler: DispatchQueue.main)))
        cancellable = [10, 20, 30].publisher
            .delay(for: .milliseconds(500), scheduler: DispatchQueue.main)
            .assign(to: \.score, on: self)
    }

    deinit {
        print("ScoreBoard deinit")
    }
}

@MainActor func snippet78AssignOnSelfCompletes() {
  // Form: assign(to:on:) from a publisher that finishes, which lets its object go when it completes (Q&A answers on assign and memory)


  var board: ScoreBoard? = ScoreBoard()
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) {
      board = nil
      print("board released")
  }
  OracleClock.shared.run()
  withExtendedLifetime(board) { OracleLog.shared.close() }
}
