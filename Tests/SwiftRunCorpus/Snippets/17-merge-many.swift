// Form: Publishers.MergeMany over an array of per-item publishers (open-source apps' refresh code)
import Combine

let feeds = ["news", "sports", "weather"]
let loads = feeds.enumerated().map { index, feed in
    Just(feed)
        .delay(for: .milliseconds(300 - index * 100), scheduler: DispatchQueue.main)
        .map { "\($0) loaded" }
}

var tokens = Set<AnyCancellable>()
Publishers.MergeMany(loads)
    .sink(receiveCompletion: { _ in print("all feeds done") },
          receiveValue: { print($0) })
    .store(in: &tokens)
