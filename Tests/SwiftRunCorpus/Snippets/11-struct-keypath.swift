// Form: model structs sent through a subject and projected with key paths (Combine books' examples)
import Combine

struct User {
    let name: String
    let age: Int
}

let users = PassthroughSubject<User, Never>()
var bag = Set<AnyCancellable>()

users
    .handleEvents(receiveOutput: { print("received \($0)") })
    .filter { $0.age >= 18 }
    .map(\.name)
    .sink { print("adult: \($0)") }
    .store(in: &bag)

users.send(User(name: "Mia", age: 17))
users.send(User(name: "Leo", age: 30))
