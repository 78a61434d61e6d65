// Form: a subject with a custom error type and a receiveCompletion switch (error-handling tutorials)
import Combine

enum UploadError: Error {
    case quotaExceeded
    case rejected(reason: String)
}

let uploads = PassthroughSubject<Int, UploadError>()
let cancellable = uploads.sink(
    receiveCompletion: { completion in
        switch completion {
        case .finished:
            print("all uploaded")
        case .failure(.quotaExceeded):
            print("quota exceeded")
        case .failure(.rejected(let reason)):
            print("rejected: \(reason)")
        }
    },
    receiveValue: { percent in print("uploaded \(percent)%") }
)

uploads.send(40)
uploads.send(80)
uploads.send(completion: .failure(.rejected(reason: "virus found")))
uploads.send(100)
