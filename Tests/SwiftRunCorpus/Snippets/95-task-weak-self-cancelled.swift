// Form: the same view model with `[weak self]` and the subject captured, cancelling its task in `deinit` (articles on Task lifetimes)
import Combine

final class FeedModel {
  let updates = PassthroughSubject<Int, Never>()
  var latest = 0
  var task: Task<Void, Never>?

  init() {
    task = Task { [weak self, updates] in
      for await value in updates.values {
        self?.latest = value
        print("latest \(value)")
      }
      print("loop ended")
    }
  }

  deinit {
    task?.cancel()
    print("FeedModel deinit")
  }
}

var model: FeedModel? = FeedModel()
let updates = model!.updates
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) { updates.send(1) }
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(500)) {
  print("releasing the model")
  model = nil
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(800)) { updates.send(2) }
