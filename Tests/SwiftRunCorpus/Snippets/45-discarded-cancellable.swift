// Form: the classic mistake of not keeping the AnyCancellable (Q&A answers "my sink is never called")
import Combine

let subject = PassthroughSubject<String, Never>()
_ = subject.sink { print("never printed: \($0)") }

var kept = Set<AnyCancellable>()
subject.sink { print("kept: \($0)") }.store(in: &kept)

DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) {
    subject.send("ping")
}
