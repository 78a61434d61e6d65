// Form: compactMap dropping values that do not parse (operator cheat sheets)
import Combine

let input = PassthroughSubject<String, Never>()
let cancellable = input
    .compactMap(Int.init)
    .filter { $0 > 0 }
    .sink { print("accepted \($0)") }

["12", "x", "-4", "7", ""].forEach { input.send($0) }
