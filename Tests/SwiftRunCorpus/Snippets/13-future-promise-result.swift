// Form: wrapping a completion-handler API in a Future, as in "Future and Promise" articles
import Combine

func fetchScore(for player: String, completion: @escaping (Result<Int, Error>) -> Void) {
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(250)) {
        completion(.success(player.count * 10))
    }
}

func scorePublisher(for player: String) -> Future<Int, Error> {
    Future { promise in
        fetchScore(for: player) { result in
            promise(result)
        }
    }
}

let instant = Future<String, Never> { promise in
    promise(Result.success("ready"))
}
let c1 = instant.sink { print("instant: \($0)") }

let c2 = scorePublisher(for: "Ana")
    .sink(receiveCompletion: { completion in
        print("score completion: \(completion)")
    }, receiveValue: { score in
        print("score: \(score)")
    })
