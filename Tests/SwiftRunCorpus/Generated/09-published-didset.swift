// Generated from Snippets/09-published-didset.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private final class Settings {
    @Published var volume: Int = 5 {
        didSet {
            print("didSet: \(oldValue) -> \(volume)")
        }
    }
}

@MainActor func snippet09PublishedDidset() {
  // Form: a settings model whose @Published property also has didSet (Q&A answers on ordering)


  let settings = Settings()
  OracleTypeLog.shared.record("0 0", types(settings.$volume))
  let observer = settings.$volume.sink { newValue in
      print("sink sees \(newValue), property still \(settings.volume)")
  }
  settings.volume = 7
  settings.volume = 3
  OracleClock.shared.run()
  withExtendedLifetime((settings, observer)) { OracleLog.shared.close() }
}
