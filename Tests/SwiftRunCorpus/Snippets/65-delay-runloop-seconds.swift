// Form: a toast that hides itself after a delay on RunLoop.main (SwiftUI articles)
import Combine

final class ToastModel {
    @Published var message: String?
    private var hide: AnyCancellable?

    func show(_ text: String) {
        message = text
        hide = Just(())
            .delay(for: .seconds(2), scheduler: RunLoop.main)
            .sink { [weak self] in self?.message = nil }
    }
}

let toast = ToastModel()
let view = toast.$message.sink { message in
    print(message.map { "toast: \($0)" } ?? "no toast")
}
toast.show("Saved")
DispatchQueue.main.asyncAfter(deadline: .now() + .seconds(1)) { toast.show("Saved again") }
