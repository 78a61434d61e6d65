// Form: zip pairing two request results, as in operator-by-operator articles
import Combine

let names = PassthroughSubject<String, Never>()
let scores = PassthroughSubject<Int, Never>()

let cancellable = names.zip(scores)
    .sink(receiveCompletion: { print("zip: \($0)") },
          receiveValue: { name, score in print("\(name) scored \(score)") })

names.send("Ann")
names.send("Bob")
scores.send(90)
names.send("Cy")
scores.send(75)
scores.send(60)
names.send(completion: .finished)
scores.send(40)
