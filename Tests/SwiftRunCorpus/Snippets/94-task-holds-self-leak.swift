// Form: a view model whose stored task reads `.values` and captures self: the task outlives the model (articles on Task lifetimes)
import Combine

final class FeedModel {
  let updates = PassthroughSubject<Int, Never>()
  var latest = 0
  var task: Task<Void, Never>?

  init() {
    task = Task {
      for await value in updates.values {
        latest = value
        print("latest \(latest)")
      }
      print("loop ended")
    }
  }

  deinit { print("FeedModel deinit") }
}

var model: FeedModel? = FeedModel()
let updates = model!.updates
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) { updates.send(1) }
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(500)) {
  print("releasing the model")
  model = nil
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(800)) { updates.send(2) }
