// Form: An article's bridge the other way: async work wrapped in a `Future`, which starts before anyone subscribes.
import Combine

func loadUser(id: Int) async throws -> String {
  print("loading \(id)")
  try await Task.sleep(for: .milliseconds(300))
  return "user\(id)"
}

func userPublisher(id: Int) -> Future<String, Error> {
  Future { promise in
    Task {
      do {
        promise(.success(try await loadUser(id: id)))
      } catch {
        promise(.failure(error))
      }
    }
  }
}

var cancellables = Set<AnyCancellable>()
let eager = userPublisher(id: 1)
let lazy = Deferred { userPublisher(id: 2) }
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(500)) {
  print("subscribing")
  eager.sink(receiveCompletion: { print("eager: \($0)") }, receiveValue: { print("eager got \($0)") })
    .store(in: &cancellables)
  lazy.sink(receiveCompletion: { print("lazy: \($0)") }, receiveValue: { print("lazy got \($0)") })
    .store(in: &cancellables)
}
