// Form: a UIKit view controller stand-in that subscribes with [weak self] and calls its own method (app code)
import Combine

final class ProfileController {
    private let viewModel: ProfileModel
    private var cancellables = Set<AnyCancellable>()
    private var renders = 0

    init(viewModel: ProfileModel) {
        self.viewModel = viewModel
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

final class ProfileModel {
    @Published var displayName = "Guest"
}

let model = ProfileModel()
let controller = ProfileController(viewModel: model)
model.displayName = "Rin"
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300)) {
    model.displayName = "Rin Tohsaka"
}
