// Form: mapping raw codes to an enum with a switch inside map (networking layer code)
import Combine

enum Status: String {
    case ok, notFound, serverError, unknown
}

let codes = [200, 404, 500, 302].publisher
let cancellable = codes
    .map { code -> Status in
        switch code {
        case 200..<300:
            return .ok
        case 404:
            return .notFound
        case 500...:
            return .serverError
        default:
            return .unknown
        }
    }
    .map(\.rawValue)
    .sink { print("status \($0)") }
