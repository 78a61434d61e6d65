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
    }
  }

  private func go() {
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
          self.clock.schedule(after: self.clock.now.advanced(by: bodyTime), tolerance: .zero, options: nil) {
            [weak self] in
            guard let self, !self.isEnded, self.looping != nil else { return }
            self.wentOn()
          }
        }
        subscriber.onCompletion = { [weak self] in
          self?.looping = nil
          self?.resumeLater()
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
