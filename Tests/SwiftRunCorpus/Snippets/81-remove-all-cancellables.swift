// Form: cancelling every subscription of an owner with cancellables.removeAll() (Q&A answers on stopping subscriptions)
import Combine
import Foundation

final class FeedViewModel {
    var cancellables = Set<AnyCancellable>()

    func start() {
        Timer.publish(every: 1, on: .main, in: .common)
            .autoconnect()
            .sink { _ in print("feed refresh") }
            .store(in: &cancellables)
        Timer.publish(every: 0.7, on: .main, in: .common)
            .autoconnect()
            .sink { _ in print("badge refresh") }
            .store(in: &cancellables)
    }
}

let feed = FeedViewModel()
feed.start()
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(4500)) {
    feed.cancellables.removeAll()
    print("removed \(feed.cancellables.count)")
}
