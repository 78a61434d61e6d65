// Form: switchToLatest over a subject of subjects (Combine books' chapter on switching)
import Combine

let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
let first = PassthroughSubject<Int, Never>()
let second = PassthroughSubject<Int, Never>()

let cancellable = outer
    .switchToLatest()
    .sink(receiveCompletion: { _ in print("done") }, receiveValue: { print($0) })

outer.send(first)
first.send(1)
first.send(2)
outer.send(second)
first.send(3)
second.send(4)
second.send(5)
outer.send(completion: .finished)
second.send(completion: .finished)
