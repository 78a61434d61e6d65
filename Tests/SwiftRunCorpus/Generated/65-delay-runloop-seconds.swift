// Generated from Snippets/65-delay-runloop-seconds.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private final class ToastModel {
    @Published var message: String?
    private var hide: AnyCancellable?

    func show(_ text: String) {
        message = text
        OracleTypeLog.shared.record("1 0", types(Just(())))
        OracleTypeLog.shared.record("1 1", types(Just(()).delay(for: .seconds(2), scheduler: RunLoop.main)))
        OracleTypeLog.shared.record("2 0", types(Just(())))
        OracleTypeLog.shared.record("2 1", types(Just(()).delay(for: .seconds(2), scheduler: RunLoop.main)))
        hide = Just(())
            .delay(for: .seconds(2), scheduler: RunLoop.main)
            .sink { [weak self] in self?.message = nil }
    }
}

@MainActor func snippet65DelayRunloopSeconds() {
  // Form: a toast that hides itself after a delay on RunLoop.main (SwiftUI articles)


  let toast = ToastModel()
  OracleTypeLog.shared.record("0 0", types(toast.$message))
  let view = toast.$message.sink { message in
      print(message.map { "toast: \($0)" } ?? "no toast")
  }
  toast.show("Saved")
  DispatchQueue.main.asyncAfter(deadline: .now() + .seconds(1)) { toast.show("Saved again") }
  OracleClock.shared.run()
  withExtendedLifetime((toast, view)) { OracleLog.shared.close() }
}
