// Form: A tutorial's bridge from a publisher to async code: the first value that passes a test, awaited at the top level.
import Combine

let scores = PassthroughSubject<Int, Never>()

for (index, score) in [3, 8, 12, 5, 20].enumerated() {
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100 * (index + 1))) {
    print("send \(score)")
    scores.send(score)
  }
}

let firstHigh = await scores.values.first(where: { $0 > 10 })
print("first above 10: \(firstHigh ?? -1)")
