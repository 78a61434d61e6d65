// Form: assign(to:on: self) from a Timer, which retains self for as long as the timer runs (articles contrasting assign(to:on:) and assign(to:))
import Combine
import Foundation

final class ClockModel {
    var now = Date(timeIntervalSince1970: 0) {
        didSet { print("now \(now.timeIntervalSince1970)") }
    }
    var cancellable: AnyCancellable?

    init() {
        cancellable = Timer.publish(every: 2, on: .main, in: .common)
            .autoconnect()
            .assign(to: \.now, on: self)
    }

    deinit {
        print("ClockModel deinit")
    }
}

var model: ClockModel? = ClockModel()
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(3000)) {
    model = nil
    print("model released")
}
