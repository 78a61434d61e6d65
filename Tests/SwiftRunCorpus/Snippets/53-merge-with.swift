// Form: merging taps from two buttons into one action stream (UIKit reactive articles)
import Combine

enum Action {
    case refresh
    case loadMore(page: Int)
}

let refreshTaps = PassthroughSubject<Action, Never>()
let scrollEvents = PassthroughSubject<Action, Never>()

let cancellable = refreshTaps.merge(with: scrollEvents)
    .sink { action in
        switch action {
        case .refresh: print("refresh")
        case .loadMore(let page): print("load page \(page)")
        }
    }

scrollEvents.send(.loadMore(page: 2))
refreshTaps.send(.refresh)
scrollEvents.send(.loadMore(page: 3))
