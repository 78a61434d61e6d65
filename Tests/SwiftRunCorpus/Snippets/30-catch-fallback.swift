// Form: tryMap that throws, then catch with a fallback Just (error-handling articles)
import Combine

struct ParseError: Error, CustomStringConvertible {
    let input: String
    var description: String { "cannot parse \(input)" }
}

let raw = ["1", "2", "three", "4"]
let cancellable = raw.publisher
    .tryMap { text -> Int in
        guard let number = Int(text) else { throw ParseError(input: text) }
        return number
    }
    .catch { error -> Just<Int> in
        print("caught: \(error)")
        return Just(-1)
    }
    .sink(receiveCompletion: { print("completion: \($0)") },
          receiveValue: { print("number \($0)") })
