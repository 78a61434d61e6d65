// Form: share() so that two subscribers see one expensive upstream (articles on share and multicast)
import Combine

var started = 0
let expensive = Deferred { () -> Just<Int> in
    started += 1
    print("work started (\(started))")
    return Just(42)
}
.delay(for: .milliseconds(100), scheduler: DispatchQueue.main)
.share()

var first: [Int] = []
var second: [Int] = []
var subs = Set<AnyCancellable>()
expensive.sink { first.append($0) }.store(in: &subs)
expensive.sink { second.append($0) }.store(in: &subs)

DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) {
    print("first subscriber got \(first), second got \(second), work ran \(started) time(s)")
}
