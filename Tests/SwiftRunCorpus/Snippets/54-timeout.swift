// Form: timeout on a slow request with a custom error (networking articles)
import Combine

enum RequestError: Error {
    case timedOut
}

let slow = PassthroughSubject<String, RequestError>()
let cancellable = slow
    .timeout(.milliseconds(500), scheduler: DispatchQueue.main, customError: { .timedOut })
    .sink(receiveCompletion: { completion in
        if case .failure(let error) = completion {
            print("failed: \(error)")
        } else {
            print("finished")
        }
    },
          receiveValue: { print("value: \($0)") })

DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300)) { slow.send("first") }
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(1000)) { slow.send("too late") }
