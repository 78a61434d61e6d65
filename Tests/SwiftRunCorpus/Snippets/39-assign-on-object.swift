// Form: assign(to:on:) binding a publisher to an object's property (UIKit binding articles)
import Combine

final class Label {
    var text: String = "" {
        didSet { print("label text = \(text)") }
    }
}

let label = Label()
let progress = PassthroughSubject<Int, Never>()
let binding = progress
    .map { "\($0)%" }
    .assign(to: \.text, on: label)

progress.send(0)
progress.send(50)
progress.send(100)
