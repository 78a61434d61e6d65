// Form: A tutorial's tasks that wait for each other: one task's `value` awaited by another, and a detached task.
import Combine

let producer = Task { () -> Int in
  try? await Task.sleep(for: .milliseconds(200))
  print("producer done")
  return 21
}

let consumer = Task {
  print("consumer waits")
  let value = await producer.value
  print("consumer got \(value * 2)")
}

Task.detached {
  try? await Task.sleep(for: .milliseconds(100))
  print("detached ran")
}
