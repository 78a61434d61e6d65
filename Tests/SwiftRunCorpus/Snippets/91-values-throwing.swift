// Form: A tutorial's failing publisher read with `for try await`: its failure is thrown to the loop.
import Combine

enum FeedError: Error {
  case offline
}

let feed = PassthroughSubject<String, FeedError>()

Task {
  do {
    for try await item in feed.values {
      print("item \(item)")
    }
    print("feed finished")
  } catch {
    switch error {
    case FeedError.offline: print("feed failed: offline")
    default: print("feed failed")
    }
  }
}

DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) { feed.send("a") }
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) { feed.send("b") }
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300)) { feed.send(completion: .failure(.offline)) }
