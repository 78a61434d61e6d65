// Form: a view model released while a timer pipeline runs, with deinit printing (articles on retain cycles)
import Combine

final class TickerViewModel {
    private var cancellable: AnyCancellable?
    let name: String

    init(name: String) {
        self.name = name
        cancellable = Timer.publish(every: 0.25, on: .main, in: .common)
            .autoconnect()
            .sink { [weak self] _ in
                guard let self else { return }
                print("\(self.name) tick")
            }
    }

    deinit {
        print("\(name) deinit")
    }
}

var ticker: TickerViewModel? = TickerViewModel(name: "ticker")
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(600)) {
    ticker = nil
}
