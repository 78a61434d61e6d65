// Form: the same view model with [weak self] and a Set<AnyCancellable>, released when the screen closes (articles on Combine retain cycles)
import Combine
import Foundation

final class StopwatchViewModel {
    var seconds = 0
    private var cancellables = Set<AnyCancellable>()

    init() {
        Timer.publish(every: 1, on: .main, in: .common)
            .autoconnect()
            .handleEvents(receiveCancel: { print("timer cancelled") })
            .sink { [weak self] _ in
                guard let self = self else { return }
                self.seconds += 1
                print("tick \(self.seconds)")
            }
            .store(in: &cancellables)
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
