// Form: a view model whose timer sink captures self strongly, kept alive by its own cancellable (articles on Combine retain cycles)
import Combine
import Foundation

final class StopwatchViewModel {
    var seconds = 0
    var cancellable: AnyCancellable?

    init() {
        cancellable = Timer.publish(every: 1, on: .main, in: .common)
            .autoconnect()
            .sink { _ in
                self.seconds += 1
                print("tick \(self.seconds)")
            }
    }

    deinit {
        print("StopwatchViewModel deinit")
    }
}

var stopwatch: StopwatchViewModel? = StopwatchViewModel()
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(2500)) {
    stopwatch = nil
    print("screen closed")
}
