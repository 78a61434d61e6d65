// Form: A memory-management article's rule: a task keeps what its closure captures until the task ends.
import Combine

final class Loader {
  let name: String
  init(name: String) { self.name = name }
  deinit { print("\(name) deinit") }
}

var loader: Loader? = Loader(name: "loader")
Task { [loader] in
  try? await Task.sleep(for: .milliseconds(300))
  print("task ends with \(loader?.name ?? "nothing")")
}
loader = nil
print("global released")
