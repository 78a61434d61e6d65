// Generated from Snippets/38-capture-list-weak-self.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private final class ProfileController {
    private let viewModel: ProfileModel
    private var cancellables = Set<AnyCancellable>()
    private var renders = 0

    init(viewModel: ProfileModel) {
        self.viewModel = viewModel
        OracleTypeLog.shared.record("0 0", types(viewModel.$displayName))
        OracleTypeLog.shared.record("0 1", types(viewModel.$displayName.receive(on: DispatchQueue.main)))
        viewModel.$displayName
            .receive(on: DispatchQueue.main)
            .sink { [weak self] name in
                self?.render(name)
            }
            .store(in: &cancellables)
    }

    private func render(_ name: String) {
        renders += 1
        print("render #\(renders): \(name)")
    }
}

private final class ProfileModel {
    @Published var displayName = "Guest"
}

@MainActor func snippet38CaptureListWeakSelf() {
  // Form: a UIKit view controller stand-in that subscribes with [weak self] and calls its own method (app code)



  let model = ProfileModel()
  let controller = ProfileController(viewModel: model)
  model.displayName = "Rin"
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300)) {
      model.displayName = "Rin Tohsaka"
  }
  OracleClock.shared.run()
  withExtendedLifetime((model, controller)) { OracleLog.shared.close() }
}
