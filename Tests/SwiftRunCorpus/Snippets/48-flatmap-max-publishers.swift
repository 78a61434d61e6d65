// Form: flatMap(maxPublishers: .max(1)) to run downloads one at a time (articles on back pressure)
import Combine

func download(_ file: String) -> AnyPublisher<String, Never> {
    print("start \(file)")
    return Just("\(file) done")
        .delay(for: .milliseconds(100 * file.count), scheduler: DispatchQueue.main)
        .eraseToAnyPublisher()
}

let cancellable = ["a", "bbb", "cc"].publisher
    .flatMap(maxPublishers: .max(1)) { download($0) }
    .sink(receiveCompletion: { _ in print("queue empty") },
          receiveValue: { print($0) })
