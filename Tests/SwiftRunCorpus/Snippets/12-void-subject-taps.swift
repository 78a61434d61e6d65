// Form: a button-tap relay as PassthroughSubject<Void, Never> in a UIKit view model (blog posts)
import Combine

final class CounterViewModel {
    let incrementTapped = PassthroughSubject<Void, Never>()
    let resetTapped = PassthroughSubject<Void, Never>()
    @Published private(set) var count = 0
    private var cancellables = Set<AnyCancellable>()

    init() {
        incrementTapped
            .sink { [unowned self] in self.count += 1 }
            .store(in: &cancellables)
        resetTapped
            .sink { [unowned self] _ in self.count = 0 }
            .store(in: &cancellables)
    }
}

let counter = CounterViewModel()
let label = counter.$count.sink { print("label shows \($0)") }
counter.incrementTapped.send()
counter.incrementTapped.send(())
counter.resetTapped.send()
counter.incrementTapped.send()
