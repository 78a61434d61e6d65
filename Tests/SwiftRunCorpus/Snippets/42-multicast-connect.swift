// Form: multicast(subject:) with an explicit connect() (Combine books' sharing chapter)
import Combine

let source = ["x", "y"].publisher
let multicasted = source.multicast(subject: PassthroughSubject<String, Never>())

var seenByA: [String] = []
var seenByB: [String] = []
let a = multicasted.sink { seenByA.append($0) }
let b = multicasted.sink { seenByB.append($0) }
print("before connect: A \(seenByA), B \(seenByB)")
let connection = multicasted.connect()
print("after connect: A \(seenByA), B \(seenByB)")
