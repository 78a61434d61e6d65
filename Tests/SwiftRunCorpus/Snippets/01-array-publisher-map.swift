// Form: the first pipeline of an introductory Combine article (a sequence publisher, map, sink)
import Combine

let numbers = [1, 2, 3, 4, 5]
let cancellable = numbers.publisher
    .map { $0 * 10 }
    .sink { value in
        print("value:", value)
    }
