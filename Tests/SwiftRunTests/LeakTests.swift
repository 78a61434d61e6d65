import Foundation
import StreamCore
import SwiftRun
import Testing

/// Issue 30's ARC rules on the corpus pastes 74–82, whose release times
/// swiftc's build prints (`CorpusAgreementTests` holds those line for line):
/// here, what the run says about them. An instance no global reaches that
/// is still alive at the end is a cycle, named in Swift's words with what it
/// keeps running; a released one is never called a leak.
@Suite struct LeakTests {
  static func run(_ name: String) throws -> RunResult {
    let swift = try String(
      contentsOf: CorpusAgreementTests.corpus.appendingPathComponent("Snippets/\(name).swift"), encoding: .utf8)
    guard case .ran(let result, _) = SwiftRun.run(swift) else {
      throw CancellationError()
    }
    return result
  }

  static func leaks(_ result: RunResult) -> [String] { result.notes.filter { $0.hasPrefix("leak: ") } }

  @Test func aSinkThatCapturesSelfStronglyIsACycleThatKeepsTheTimerRunning() throws {
    let result = try Self.run("75-strong-self-timer-leak")
    #expect(
      Self.leaks(result) == [
        "leak: StopwatchViewModel is never released: StopwatchViewModel → cancellable (AnyCancellable?) → "
          + "sink closure → self (StopwatchViewModel); it keeps `Timer.publish(every: 1, on: .main, in: .common) "
          + ".autoconnect()` running, still at 10000ms (break the cycle with `[weak self]`, or cancel the subscription)"
      ])
  }

  @Test func aStoredTaskWhoseClosureCapturesSelfIsACycleWhileItWaits() throws {
    // Swift's build never prints "FeedModel deinit" (`Truth/94-task-holds-self-leak.txt`).
    let result = try Self.run("94-task-holds-self-leak")
    #expect(
      Self.leaks(result) == [
        "leak: FeedModel is never released: FeedModel → task (Task<Void, Never>?) → self (FeedModel) "
          + "(a task holds its closure until it ends: `[weak self]` in it, or `cancel()` the task)"
      ])
    #expect(
      result.notes.contains {
        $0.hasPrefix("Task line 10 still waits at line 11, `updates.values`, when the run ends")
      }, "\(result.notes)")
  }

  @Test func assignOnSelfFromATimerIsACycleThroughTheAssignSubscriber() throws {
    let result = try Self.run("77-assign-on-self-timer-leak")
    let leaks = Self.leaks(result)
    #expect(leaks.count == 1)
    #expect(
      leaks.first?.hasPrefix(
        "leak: ClockModel is never released: ClockModel → cancellable (AnyCancellable?) → "
          + "Subscribers.Assign → object (ClockModel); it keeps") == true, "\(leaks)")
    #expect(
      leaks.first?.hasSuffix(
        "(`assign(to:on:)` holds its object until the publisher completes: "
          + "`assign(to: &$property)` does not)") == true)
  }

  @Test(arguments: [
    "74-local-sink-in-init", "76-weak-self-set-released", "78-assign-on-self-completes",
    "79-assign-to-published", "80-reassign-cancellable", "81-remove-all-cancellables",
    "82-capture-stored-property", "63-deinit-releases", "38-capture-list-weak-self",
    "93-task-keeps-captures", "95-task-weak-self-cancelled",
  ])
  func whatSwiftReleasesIsNeverCalledALeak(_ name: String) throws {
    #expect(Self.leaks(try Self.run(name)) == [])
  }

  @Test func assignToAPublishedPropertyIsCancelledWhenItsInstanceGoes() throws {
    // Apple: "The assign(to:) operator manages the life cycle of the
    // subscription, canceling the subscription automatically when the
    // Published instance deinitializes." The model goes at 2500ms, and so
    // does the timer's subscription (OpenCombine 0.14.0 keeps it running).
    let result = try Self.run("79-assign-to-published")
    let source = try #require(result.rows.first { $0.stage == 0 })
    let last = try #require(source.events.last)
    #expect(last.time == VirtualTime.zero.advanced(by: .milliseconds(2500)))
    #expect(last.kind == .cancelled, "\(last)")
  }

  @Test func aParameterNamedLikeAPropertyDoesNotCaptureSelf() throws {
    // `value` and `store` are the closure's own names, not `self.value`: the
    // owner is released when its last outside reference goes.
    let swift = """
      final class Owner {
        var value = 0
        let store: [Int] = []
        let subject = PassthroughSubject<Int, Never>()
        var cancellable: AnyCancellable?
        init() { cancellable = subject.sink { [store] value in print(value, store.count) } }
        deinit { print("Owner deinit") }
      }
      var owner: Owner? = Owner()
      owner?.subject.send(1)
      owner = nil
      print("released")
      """
    guard case .ran(let result, _) = SwiftRun.run(swift) else {
      Issue.record("did not run")
      return
    }
    #expect(result.log.map(\.text) == ["1 0", "Owner deinit", "released"])
    #expect(Self.leaks(result) == [])
  }
}

/// `self?.count += 1` in a `[weak self]` closure, the fix the leak note names.
@Suite struct OptionalChainAssignmentTests {
  @Test func aCompoundAssignmentThroughAnOptionalChainUpdatesThePropertyOrDoesNothing() {
    let swift = """
      final class Counter {
        var count = 0
      }
      var counter: Counter? = Counter()
      counter?.count += 2
      counter?.count *= 5
      print(counter?.count ?? -1)
      var calls = 0
      func one() -> Int { calls += 1; return 1 }
      let kept = counter
      counter = nil
      counter?.count += one()
      print(kept!.count, calls)
      """
    guard case .ran(let result, _) = SwiftRun.run(swift) else {
      Issue.record("did not run")
      return
    }
    // "The assignment is part of the optional chaining, which means none of the code on the
    // right-hand side of the = operator is evaluated" (The Swift Programming Language,
    // "Optional Chaining"): 10, then `10 0`.
    #expect(result.log.map(\.text) == ["10", "10 0"])
  }
}

/// Issue 30: each object that held subscriptions, from when it was made to
/// its release, or its leak (JSON's `"lifetimes"`, a note for each release).
@Suite struct LifetimeTests {
  @Test func aReleasedOwnerHasItsReleaseTimeAndALeakedOneSaysSo() throws {
    let released = try LeakTests.run("76-weak-self-set-released").lifetimes
    #expect(
      released == [
        ObjectLifetime(
          typeName: "StopwatchViewModel", made: .zero, released: VirtualTime.zero.advanced(by: .milliseconds(2500)),
          leaked: false)
      ])
    let leaked = try LeakTests.run("75-strong-self-timer-leak").lifetimes
    #expect(leaked == [ObjectLifetime(typeName: "StopwatchViewModel", made: .zero, released: nil, leaked: true)])
  }

  @Test func anOwnerAGlobalStillHoldsIsAliveAndNotLeaked() throws {
    // `loader` is a global: it lives to the end, as in a script; the load
    // it owns was reassigned, never the loader.
    let lifetimes = try LeakTests.run("80-reassign-cancellable").lifetimes
    #expect(lifetimes == [ObjectLifetime(typeName: "DetailLoader", made: .zero, released: nil, leaked: false)])
  }

  @Test func theReleaseIsANoteAndJSONCarriesEveryLifetime() throws {
    let result = try LeakTests.run("79-assign-to-published")
    #expect(result.notes.contains("lifetime: ClockModel, made at 0ms, released at 2500ms (its deinit ran then)"))
  }

  @Test func anInFlightDelayKeepsItsDownstreamAndSoTheObjectItsSinkCaptures() throws {
    // Let go of at 100ms, but the delayed value still on its way holds the
    // sink, whose closure holds `self`: swiftc's build prints the deinit at
    // 500ms, after the value (Truth/83-delay-in-flight-keeps-owner.txt).
    let result = try LeakTests.run("83-delay-in-flight-keeps-owner")
    #expect(
      result.lifetimes == [
        ObjectLifetime(
          typeName: "ReceiptLoader", made: .zero, released: VirtualTime.zero.advanced(by: .milliseconds(500)),
          leaked: false)
      ])
    #expect(result.log.map(\.text) == ["screen closed", "loaded receipt 42", "ReceiptLoader deinit"])
  }
}
