import OpenCombine
import StreamCore

/// One `task { … }` of a program, run on the clock as Swift runs a `Task`
/// whose body awaits the same steps (issue 31): `sleep T` is `try await
/// Task.sleep(for:)`, a loop is `for await value in publisher.values { … }`.
///
/// Swift's timing is kept where it shows: the task starts as a job after
/// what is already due at its time; a sleep ends at its time, or at once
/// with `CancellationError` when the task is cancelled, which ends the task;
/// a loop's end (its publisher's completion, or the cancel that cancels its
/// subscription, as `AsyncPublisher`'s cancellation handler does) resumes the
/// task as a new job, and a loop reached by a cancelled task subscribes and
/// is cancelled at once.
final class TaskRun {
  enum Step {
    case sleep(VirtualInterval)
    /// A loop, with the time its body takes (`values each T`).
    case loop(publisher: AnyValuePublisher, subscriber: RunSubscriber, bodyTime: VirtualInterval)
  }

  /// `task 1`, `task 2`: its row's name.
  let name: String
  private let clock: VirtualClock
  private var steps: [Step]
  private var next = 0
  private(set) var made = VirtualTime.zero
  private(set) var moments: [(time: VirtualTime, moment: TaskTimeline.Moment)] = []
  private(set) var isCancelled = false
  private var isEnded = false
  private var sleeping: ScheduledActionToken?
  private var looping: RunSubscriber?
  /// The end of the loop body that is running: a loop whose publisher
  /// completes meanwhile ends only then, when `for await` asks for the next
  /// value and learns there is none.
  private var bodyEnd: (time: VirtualTime, token: ScheduledActionToken)?
  /// The failure of the loop that just ended, which its `for try await` throws.
  private var loopFailure: StreamError?
  /// Told once, when the task ends.
  var onEnd: (() -> Void)?

  init(name: String, steps: [Step], clock: VirtualClock) {
    self.name = name
    self.steps = steps
    self.clock = clock
  }

  var timeline: TaskTimeline {
    TaskTimeline(name: name, made: made, moments: moments, wasCancelled: isCancelled)
  }

  /// Makes the task at `time`: it starts as a job after what is due then.
  func make(at time: VirtualTime) {
    made = time
    clock.schedule(after: time, tolerance: .zero, options: nil) { [weak self] in
      guard let self else { return }
      self.moments.append((self.clock.now, .started))
      self.go()
    }
  }

  /// `task.cancel()`.
  func cancel() {
    guard !isEnded, !isCancelled else { return }
    isCancelled = true
    // A loop body's sleep wakes at once with `CancellationError`.
    let wasInBody = bodyEnd != nil
    bodyEnd?.token.cancel()
    bodyEnd = nil
    if let sleeping {
      sleeping.cancel()
      self.sleeping = nil
      clock.schedule { [weak self] in
        self?.resumed()
        self?.end(.cancelled)
      }
    } else if let looping {
      self.looping = nil
      looping.onCompletion = nil
      looping.cancel()
      resumeLater()
    } else if wasInBody {
      // The loop's publisher has completed while its body slept: woken, the
      // loop asks for its next value, learns there is none, and ends.
      resumeLater()
    }
  }

  private func go() {
    if let failure = loopFailure {
      loopFailure = nil
      return end(.threw(failure.message))
    }
    while next < steps.count {
      let step = steps[next]
      next += 1
      switch step {
      case .sleep(let duration):
        if isCancelled { return end(.cancelled) }
        moments.append((clock.now, .suspended))
        let token = ScheduledActionToken()
        sleeping = token
        clock.schedule(at: clock.now.advanced(by: duration), token: token) { [weak self] in
          guard let self else { return }
          self.sleeping = nil
          self.resumed()
          self.go()
        }
        return
      case .loop(let publisher, let subscriber, let bodyTime):
        moments.append((clock.now, .suspended))
        subscriber.onValue = { [weak self] in
          guard let self else { return }
          // The task runs the loop's body at each value, then waits again:
          // in its body's sleep, and then for the next value.
          self.wentOn()
          guard bodyTime > .zero else { return }
          let token = ScheduledActionToken()
          let end = self.clock.now.advanced(by: bodyTime)
          self.bodyEnd = (end, token)
          self.clock.schedule(at: end, token: token) { [weak self] in
            guard let self, !self.isEnded else { return }
            self.bodyEnd = nil
            if self.looping != nil {
              self.wentOn()
            } else {
              // The publisher completed while the body ran: the loop ends now.
              self.resumed()
              self.go()
            }
          }
        }
        subscriber.onCompletion = { [weak self] failure in
          guard let self else { return }
          self.looping = nil
          // `for try await` throws a failure out of the loop and the task's
          // body, when the loop next asks: at once, or when its body ends.
          self.loopFailure = failure
          if let bodyEnd = self.bodyEnd, bodyEnd.time > self.clock.now { return }
          self.bodyEnd = nil
          self.resumeLater()
        }
        looping = subscriber
        publisher.subscribe(subscriber)
        if isCancelled, looping != nil {
          looping = nil
          subscriber.onCompletion = nil
          subscriber.cancel()
          resumeLater()
        }
        return
      }
    }
    end(.finished)
  }

  /// The task goes on as a new job at this instant.
  private func resumeLater() {
    clock.schedule { [weak self] in
      self?.resumed()
      self?.go()
    }
  }

  private func resumed() {
    moments.append((clock.now, .resumed))
  }

  /// The task went on at this instant and waits again.
  private func wentOn() {
    moments.append((clock.now, .resumed))
    moments.append((clock.now, .suspended))
  }

  private func end(_ moment: TaskTimeline.Moment) {
    guard !isEnded else { return }
    isEnded = true
    moments.append((clock.now, moment))
    steps = []
    let onEnd = self.onEnd
    self.onEnd = nil
    onEnd?()
  }
}
