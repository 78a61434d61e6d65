// Form: assign(to:on:) from a publisher that finishes, which lets its object go when it completes (Q&A answers on assign and memory)
import Combine
import Foundation

final class ScoreBoard {
    var score = 0 {
        didSet { print("score \(score)") }
    }
    var cancellable: AnyCancellable?

    init() {
        cancellable = [10, 20, 30].publisher
            .delay(for: .milliseconds(500), scheduler: DispatchQueue.main)
            .assign(to: \.score, on: self)
    }

    deinit {
        print("ScoreBoard deinit")
    }
}

var board: ScoreBoard? = ScoreBoard()
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) {
    board = nil
    print("board released")
}
