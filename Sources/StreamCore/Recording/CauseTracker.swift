/// Which recorded event made which (issue 33), learnt from what the engine
/// does rather than from a model of each operator.
///
/// A run has one thread, and every event reaches the next stage as a call:
/// a probe that passes an event on pushes the event's id while the stage
/// behind it handles it, so whatever that stage records meanwhile (its
/// `map`ped value, `combineLatest`'s tuple, `flatMap`'s inner subscription,
/// `catch`'s fallback, `retry`'s new subscription) was made by that event.
/// Work an operator schedules on the clock (`debounce`'s deadline, `delay`,
/// a `throttle` window) keeps the id that was being handled when it was
/// scheduled, and runs with it: the survivor `debounce` sends at 750ms is
/// the value whose arrival scheduled that send. A request is no cause: what
/// a source sends because it was asked is its own. The rules a few operators
/// add on top (the other half of a `combineLatest` tuple, `collect`'s batch)
/// are `CauseRule`s, applied after the run by `CauseGraph`.
///
/// Off unless a run asks for it (`RunOptions.tracksCauses`): then each kept
/// event costs an id and a cause beside it, and each event passed on a push
/// and a pop.
public final class CauseTracker {
  /// The id the next recorded event gets.
  @exclusivity(unchecked) private var nextID = 0
  /// The events being handled, innermost last.
  @exclusivity(unchecked) private var handling: [Int] = []
  /// The event whose handling scheduled the clock action that is running.
  @exclusivity(unchecked) var actionContext: Int?

  public init() {}

  /// What is being handled now: the innermost event passed on, or else the
  /// event that scheduled the running clock action; nil for neither (a
  /// subject's send at its time, a subscription the program makes).
  @inline(__always) var current: Int? {
    guard let last = handling.last else { return actionContext }
    return last >= 0 ? last : nil
  }

  /// What clock work scheduled now is part of: as `current`, but through a
  /// request to the event being handled around it. `flatMap`'s inner
  /// `just x | delay 100ms` sends on request, and its delay belongs to the
  /// outer value whose inner subscription asked.
  @inline(__always) var schedulingContext: Int? {
    handling.last { $0 >= 0 } ?? actionContext
  }

  /// A new event's id.
  @inline(__always) func newID() -> Int {
    defer { nextID += 1 }
    return nextID
  }

  /// Runs `body` (passing event `id` on) with `id` as what is being handled.
  @inline(__always) func handling<T>(_ id: Int?, _ body: () -> T) -> T {
    guard let id else { return body() }
    handling.append(id)
    defer { handling.removeLast() }
    return body()
  }

  /// Runs `body`, a request for values, with nothing being handled: what a
  /// source sends because it was asked (`just`'s values, `buffer`'s next)
  /// was not made by the event during whose handling the request was made.
  @inline(__always) func asking<T>(_ body: () -> T) -> T {
    handling.append(-1)
    defer { handling.removeLast() }
    return body()
  }
}
