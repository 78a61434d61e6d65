// Form: combineLatest with a named-tuple closure ({ name, age in … }), as in Q&A answers
import Combine

let name = CurrentValueSubject<String, Never>("anon")
let age = PassthroughSubject<Int, Never>()

let summary = name.combineLatest(age) { name, age in
    "\(name) is \(age)"
}
let cancellable = summary.sink { text in print(text) }

age.send(20)
name.send("Zoe")
age.send(21)
