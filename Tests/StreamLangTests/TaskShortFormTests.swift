import StreamCore
import Testing

@testable import StreamLang

/// Issue 31's short form of a Swift `Task`: `task { sleep T; PIPELINE | values each T } @T..T`.
/// Each program here is the short form of a corpus paste whose timeline
/// swiftc's build prints on the virtual clock (SwiftRunCorpus `Truth/`): the
/// times expected are those, and the task's row must end as the Swift task did.
@Suite struct TaskShortFormTests {
  static func tasks(_ text: String) -> [TaskTimeline] {
    runProgram(text).0?.tasks ?? []
  }

  @Test func aTaskCancelledWhileItSleepsEndsAtOnce() {
    // Truth/88-task-cancel-sleep.txt: "300ms: worker stopped: CancellationError()" for a 2 s sleep cancelled at 300ms.
    let task = Self.tasks("task { sleep 2s } @..300ms").first
    #expect(task?.ending == "cancelled 300ms")
    #expect(task?.moments.first?.moment == .started)
  }

  @Test func cancellingATaskCancelsItsLoopsSubscriptionAndTheLoopEnds() {
    // Truth/92-task-cancel-values-loop.txt: ticks 1 and 2 at 100 and 200ms, then at
    // 250ms "subscription cancelled" and "loop ended, cancelled: true".
    let program = "let ticks = subject 100ms:1, 200ms:2, 300ms:3, 400ms:4, 500ms:5\ntask { ticks | values } @..250ms"
    #expect(outputs(of: program) == ["100ms 1, 200ms 2, 250ms !"])
    #expect(Self.tasks(program).first?.ending == "finished 250ms, cancelled")
  }

  @Test func aSleepBeforeTheLoopSubscribesItLate() {
    // Truth/84's loop, reached after a 250ms sleep: it subscribes at 250ms and
    // gets 3 at 300ms; its next request comes at 400ms, after the send due
    // then was scheduled, so 4 is dropped (84: the send at 300ms is dropped
    // for the same reason); 5 at 500ms; the loop ends with the subject at 900ms.
    let program =
      "let s = subject 100ms:1, 200ms:2, 300ms:3, 400ms:4, 500ms:5, 600ms:6, 900ms:|\n"
      + "task { sleep 250ms; s | values each 100ms }"
    #expect(outputs(of: program) == ["300ms 3, 500ms 5, 900ms |"])
    #expect(Self.tasks(program).first?.ending == "finished 900ms")
  }

  @Test func aLoopReachedByACancelledTaskSubscribesAndIsCancelledAtOnce() {
    let program = "let s = subject 100ms:1, 500ms:2\ntask { s | values; s | values } @..200ms"
    // OpenCombine's AsyncPublisher (Apple-checked `testNonThrowingCancelBeforeSubscription`):
    // a cancelled task's `next()` cancels the subscription it has just made.
    #expect(outputs(of: program) == ["100ms 1, 200ms !", "200ms !"])
  }

  @Test func sleepOutsideATaskAndAPipelineWithoutValuesInsideOneAreRefused() {
    #expect(outputs(of: "sleep 100ms").first?.contains("`sleep` waits inside a task only") == true)
    #expect(outputs(of: "task { just 1 }").first?.contains("end it with `values`") == true)
  }
}
