// Form: a subject that finishes and then ignores sends (Q&A answers about completed subjects)
import Combine

let events = PassthroughSubject<String, Never>()
let early = events.sink(receiveCompletion: { print("early: \($0)") }, receiveValue: { print("early got \($0)") })

events.send("one")
events.send(completion: .finished)
events.send("two")

let late = events.sink(receiveCompletion: { print("late: \($0)") }, receiveValue: { print("late got \($0)") })
