// Form: a Q&A answer explaining why a PassthroughSubject "loses" the first value
import Combine

let subject = PassthroughSubject<String, Never>()
subject.send("too early")

let cancellable = subject.sink { print("got \($0)") }
subject.send("hello")
subject.send("world")
