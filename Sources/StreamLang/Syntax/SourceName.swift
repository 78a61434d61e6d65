/// One source keyword of the language: the identity the parser, the builder
/// and the Swift exporter switch on exhaustively, so a source added here does
/// not compile until every pass handles it.
public enum SourceName: String, CaseIterable, Hashable, Sendable {
  case just, range, empty, never, fail, interval, timer, marbles, events, subject, current, future, deferred, published

  /// The keyword that spells this source. `Keywords.sources` is made of
  /// these, so a case without its entry here does not compile.
  public var keyword: Keyword {
    switch self {
    case .just: return entry(.values, "one or more values", "just 1,2,3", "`[1,2,3].publisher`; one value is `Just(1)`")
    case .range: return entry(.range, "a range", "range 1...5", "`(1...5).publisher`; `1..<5` excludes the end")
    case .empty: return entry(.none, "", "empty", "`Empty()`: finishes at once")
    case .never: return entry(.none, "", "never", "`Empty(completeImmediately: false)`: never sends, never finishes")
    case .fail: return entry(.message, "a message", "fail \"boom\"", "`Fail(error:)`: fails at once")
    case .interval: return entry(.time, "a time", "interval 100ms", "`Timer.publish(every:)` counting 0,1,2…")
    case .timer: return entry(.time, "a time", "timer 500ms", "one value `0` after the time, then finished")
    case .marbles:
      return entry(
        .marbles, "a marble string", "marbles \"-a-b--c|\"",
        "a cold publisher from a marble string; 1 frame = 100ms unless `frame 50ms` follows")
    case .events:
      return entry(
        .timedSends, "timed events", "events 0ms:\"i\", 100ms:\"ip\", 900ms:|",
        "a cold publisher with times relative to its subscription; `T:#` fails")
    case .subject:
      return entry(
        .timedSends, "timed sends", "subject 100ms:1, 250ms:2, 400ms:|",
        "a `PassthroughSubject` sent to at those program times (hot)")
    case .current:
      return entry(
        .initialAndTimedSends, "an initial value", "current 0, 100ms:1",
        "a `CurrentValueSubject(0)` then those sends (hot)")
    case .future:
      return entry(.timeAndValue, "a time and a value", "future 200ms 42", "`Future`: starts when the program starts")
    case .deferred:
      return entry(
        .stream, "a braced pipeline", "deferred { future 200ms 42 }",
        "`Deferred`: builds the pipeline anew per subscription")
    case .published:
      return entry(
        .initialAndTimedSends, "an initial value", "published 0, 100ms:1",
        "an `@Published var` holding 0, then assigned those values (hot; sends in willSet)")
    }
  }

  private func entry(_ arguments: ArgumentShape, _ needs: String, _ example: String, _ summary: String) -> Keyword {
    Keyword(
      name: rawValue, identity: .source(self), group: "source", arguments: arguments, needs: needs, example: example,
      summary: summary)
  }
}

/// One statement keyword: `let` and `connect`.
public enum StatementName: String, CaseIterable, Hashable, Sendable {
  case `let`, connect
  /// Issue 30's lifetimes: `let vm = owner`, `PIPELINE sink strong vm store vm`, `release vm @500ms`.
  case owner, sink, store, release
  /// Issue 31's tasks: `task { sleep 300ms; PIPELINE | values each 100ms } @..900ms`.
  case task, sleep

  /// The keyword that spells this statement; `Keywords.statements` is made of these.
  public var keyword: Keyword {
    switch self {
    case .let:
      return Keyword(
        name: rawValue, identity: .statement(self), group: "statement", arguments: .binding,
        needs: "a name, `=` and a pipeline", example: "let clicks = marbles \"-a--b|\"",
        summary: "binds a name to a pipeline; runs nothing")
    case .connect:
      return Keyword(
        name: rawValue, identity: .statement(self), group: "statement", arguments: .connect,
        needs: "a bound `multicast` name", example: "connect s @100ms",
        summary: "connects a `multicast` pipeline at a time")
    case .owner:
      return Keyword(
        name: rawValue, identity: .statement(self), group: "lifetime", arguments: .owner,
        needs: "`let NAME =` before it", example: "let vm = owner",
        summary: "an object that holds subscriptions, like a view model with a `Set<AnyCancellable>`")
    case .store:
      return Keyword(
        name: rawValue, identity: .statement(self), group: "lifetime", arguments: .ownerName,
        needs: "an owner's name", example: "interval 1s store vm",
        summary: "after a pipeline: its `AnyCancellable` is kept by the owner and cancelled when the owner goes")
    case .sink:
      return Keyword(
        name: rawValue, identity: .statement(self), group: "lifetime", arguments: .sinkCapture,
        needs: "`strong` or `weak` and an owner's name", example: "interval 1s sink strong vm store vm",
        summary: "after a pipeline: its `sink` closure captures the owner strongly (`self`) or weakly (`[weak self]`)")
    case .release:
      return Keyword(
        name: rawValue, identity: .statement(self), group: "lifetime", arguments: .release,
        needs: "an owner's name and a time", example: "release vm @500ms",
        summary: "the program lets go of the owner; it goes then, unless a strong `sink` still holds it")
    case .task:
      return Keyword(
        name: rawValue, identity: .statement(self), group: "async/await", arguments: .task,
        needs: "`{`, its steps (`sleep` and `values` loops) and `}`",
        example: "task { sleep 300ms; just 1,2 | values }",
        summary: "a Swift `Task`: its steps run in order, from `@T`; `@..T` cancels it")
    case .sleep:
      return Keyword(
        name: rawValue, identity: .statement(self), group: "async/await", arguments: .sleep,
        needs: "a time, inside a `task { … }`", example: "task { sleep 300ms }",
        summary: "`try await Task.sleep(for:)` in a task: it waits that long; a cancelled task ends there")
    }
  }
}
