// Form: An article's view model task: cancelling the task that reads `.values` cancels the subscription and ends the loop.
import Combine

let ticks = PassthroughSubject<Int, Never>()

let listener = Task {
  for await tick in ticks.handleEvents(receiveCancel: { print("subscription cancelled") }).values {
    print("tick \(tick)")
  }
  print("loop ended, cancelled: \(Task.isCancelled)")
}

for tick in 1...5 {
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100 * tick)) { ticks.send(tick) }
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(250)) {
  print("cancelling")
  listener.cancel()
}
