// Form: a loader let go of while its delayed result is still on its way; the sink captures self, so the in-flight delay keeps it until the value lands (articles on Combine retain cycles)
import Combine
import Foundation

final class ReceiptLoader {
    var cancellable: AnyCancellable?
    var receipt = ""

    func load() {
        cancellable = Just("receipt 42")
            .delay(for: .milliseconds(500), scheduler: DispatchQueue.main)
            .sink { value in
                self.receipt = value
                print("loaded \(value)")
            }
    }

    deinit {
        print("ReceiptLoader deinit")
    }
}

var loader: ReceiptLoader? = ReceiptLoader()
loader?.load()
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) {
    loader = nil
    print("screen closed")
}
