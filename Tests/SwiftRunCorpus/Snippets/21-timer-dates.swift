// Form: a clock that maps Timer.publish's Date values, as in Q&A answers about timers
import Combine
import Foundation

let start = Date()
var subscriptions = Set<AnyCancellable>()
Timer.publish(every: 0.5, on: RunLoop.main, in: .default)
    .autoconnect()
    .map { $0.timeIntervalSince(start) }
    .prefix(4)
    .sink { elapsed in
        print("elapsed \(elapsed)s")
    }
    .store(in: &subscriptions)

Timer.publish(every: 1.25, on: .main, in: .common)
    .autoconnect()
    .map(\.timeIntervalSince1970)
    .first()
    .sink { print("first tick at \($0)") }
    .store(in: &subscriptions)
