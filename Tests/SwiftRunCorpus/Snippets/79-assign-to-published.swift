// Form: assign(to: &$property), tied to the @Published property's lifetime, so no cycle (WWDC 2020-era articles on assign(to:))
import Combine
import Foundation

final class ClockModel {
    @Published var ticks = 0

    init() {
        Timer.publish(every: 1, on: .main, in: .common)
            .autoconnect()
            .scan(0) { count, _ in count + 1 }
            .assign(to: &$ticks)
    }

    deinit {
        print("ClockModel deinit")
    }
}

var model: ClockModel? = ClockModel()
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(2500)) {
    print("ticks \(model?.ticks ?? -1)")
    model = nil
    print("model released")
}
