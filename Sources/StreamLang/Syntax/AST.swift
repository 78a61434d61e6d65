import StreamCore

// The abstract syntax tree of a streamlab program: a plain enum tree with a
// source range on every node. The parser produces it; the builder, the Swift
// exporter and the lesson checker read it.

/// A whole input: one line or block, run on one virtual clock.
public struct Program: Hashable {
  /// The text the ranges point into.
  public var text: String
  public var statements: [Statement]

  public init(text: String, statements: [Statement]) {
    self.text = text
    self.statements = statements
  }

  /// The names the program binds with `let`, in order.
  public var boundNames: [String] {
    statements.compactMap { statement in
      guard case .binding(let name, _, _) = statement else { return nil }
      return name.text
    }
  }

  /// The owners the program declares (`let vm = owner`), in order.
  public var ownerNames: [String] {
    statements.compactMap { statement in
      guard case .owner(let name, _) = statement else { return nil }
      return name.text
    }
  }
}

/// A name as written, with where it was written.
public struct Name: Hashable, CustomStringConvertible {
  public var text: String
  public var range: SourceRange

  public init(_ text: String, range: SourceRange) {
    self.text = text
    self.range = range
  }

  public var description: String { text }
}

/// One statement of a program, separated from the next by a newline or `;`.
public enum Statement: Hashable {
  /// `let NAME = PIPELINE`: binds a name, runs nothing.
  case binding(name: Name, pipeline: Pipeline, range: SourceRange)
  /// A bare pipeline: subscribed and shown. `timing` holds its `@T..T`.
  case subscription(pipeline: Pipeline, timing: SubscriptionTiming, range: SourceRange)
  /// `connect NAME @T`: connects a `multicast` pipeline bound to NAME.
  case connect(name: Name, at: Expr?, range: SourceRange)
  /// `let NAME = owner`: an object that can hold subscriptions (`PIPELINE
  /// store NAME`) and is released by `release NAME @T` (issue 30).
  case owner(name: Name, range: SourceRange)
  /// `release NAME @T`: the program lets go of the owner NAME at T (at 0
  /// without a time); it goes then unless a `sink strong NAME` still holds it.
  case release(name: Name, at: Expr?, range: SourceRange)
  /// `task { sleep 300ms; s | values each 100ms } @..900ms`: a Swift `Task`
  /// (issue 31): its steps in order, from its `@T` (0 without), cancelled at
  /// its `@..T` if one is written.
  case task(steps: [TaskStep], timing: SubscriptionTiming, range: SourceRange)

  public var range: SourceRange {
    switch self {
    case .binding(_, _, let range), .subscription(_, _, let range), .connect(_, _, let range),
      .owner(_, let range), .release(_, _, let range), .task(_, _, let range):
      return range
    }
  }
}

/// One step of a `task { … }`, as the task's body would await it in Swift.
public enum TaskStep: Hashable {
  /// `sleep 200ms`: `try await Task.sleep(for: .milliseconds(200))`; a cancelled task ends there.
  case sleep(Expr, range: SourceRange)
  /// `PIPELINE | values each T`: a `for await` loop; the task goes on when it ends.
  case loop(Pipeline, range: SourceRange)

  public var range: SourceRange {
    switch self {
    case .sleep(_, let range), .loop(_, let range): return range
    }
  }
}

/// `sink strong vm` or `sink weak vm` after a bare pipeline: the
/// subscriber's closure captures the owner `vm`, strongly or weakly.
public struct SinkCapture: Hashable {
  public var owner: Name
  public var isStrong: Bool
  public var range: SourceRange

  public init(owner: Name, isStrong: Bool, range: SourceRange) {
    self.owner = owner
    self.isStrong = isStrong
    self.range = range
  }
}

/// What follows a bare pipeline: its `@250ms`, `@250ms..600ms` or
/// `@..600ms`, and who holds its subscription (`sink strong vm store vm`).
public struct SubscriptionTiming: Hashable {
  /// When to subscribe; nil means at 0ms.
  public var subscribeAt: Expr?
  /// When to cancel; nil means never.
  public var cancelAt: Expr?
  /// `store vm`: the subscription's `AnyCancellable` is kept by the owner
  /// `vm`, and cancelled when `vm` goes.
  public var storedIn: Name?
  /// `sink strong vm` / `sink weak vm`: what the subscriber's closure captures.
  public var capture: SinkCapture?

  public init(subscribeAt: Expr? = nil, cancelAt: Expr? = nil, storedIn: Name? = nil, capture: SinkCapture? = nil) {
    self.subscribeAt = subscribeAt
    self.cancelAt = cancelAt
    self.storedIn = storedIn
    self.capture = capture
  }
}

/// `source | operator | operator …`
public struct Pipeline: Hashable {
  public var source: SourceStage
  public var operators: [OperatorStage]
  public var range: SourceRange

  public init(source: SourceStage, operators: [OperatorStage], range: SourceRange) {
    self.source = source
    self.operators = operators
    self.range = range
  }
}

/// The first stage of a pipeline.
public struct SourceStage: Hashable {
  public var kind: SourceKind
  /// The keyword as typed (`just`, `interval`), or the bound name.
  public var keyword: Name
  /// The whole stage's text, used as its row label.
  public var range: SourceRange

  public init(kind: SourceKind, keyword: Name, range: SourceRange) {
    self.kind = kind
    self.keyword = keyword
    self.range = range
  }
}

/// Any stage after the first.
public struct OperatorStage: Hashable {
  public var kind: OperatorKind
  /// The keyword as typed: `take` stays `take` here even though it means `prefix`.
  public var keyword: Name
  public var range: SourceRange

  public init(kind: OperatorKind, keyword: Name, range: SourceRange) {
    self.kind = kind
    self.keyword = keyword
    self.range = range
  }
}

/// One timed send of `events`, `subject` or `current`: `100ms:"ip"`, `900ms:|`, `T:#"msg"`.
public struct TimedSend: Hashable {
  public enum Event: Hashable {
    case value(Expr)
    case finished
    /// `#` or `#"message"`.
    case failed(message: Expr?)
  }

  public var time: Expr
  public var event: Event
  public var range: SourceRange

  public init(time: Expr, event: Event, range: SourceRange) {
    self.time = time
    self.event = event
    self.range = range
  }
}

/// The first stage: where values come from. Time arguments are expressions so
/// that nested pipelines can compute them (`delay x.count * 100ms`).
public indirect enum SourceKind: Hashable {
  /// `just 1,2,3`: `Just` for one value, a sequence publisher for several.
  case just([Expr])
  /// `range 1...5` (closed) or `range 1..<5`.
  case range(from: Expr, to: Expr, closed: Bool)
  case empty
  case never
  case fail(message: Expr)
  case interval(period: Expr)
  case timer(delay: Expr)
  /// `marbles "-a-b|" frame 50ms`; the string literal keeps its range for error carets.
  case marbles(diagram: String, diagramRange: SourceRange, frame: Expr?)
  /// Cold: times are relative to each subscription.
  case events([TimedSend])
  /// Hot `PassthroughSubject`: times are absolute program times.
  case subject([TimedSend])
  /// Hot `CurrentValueSubject(initial)`.
  case current(initial: Expr, sends: [TimedSend])
  /// Hot `@Published var` holding `initial`, then assigned each send's value
  /// (values only: a published property never finishes).
  case published(initial: Expr, sends: [TimedSend])
  /// `future 200ms 42`: eager, starts when the program starts.
  case future(delay: Expr, value: Expr)
  /// `deferred { PIPELINE }`: builds the pipeline anew per subscription.
  case deferred(Pipeline)
  /// A name bound with `let`, or a closure parameter holding a stream.
  case name(Name)
  /// `{ PIPELINE }` used as a source.
  case group(Pipeline)
}

/// What `collect` gathers by.
public enum CollectStrategy: Hashable {
  /// `collect`: everything, emitted at completion.
  case all
  /// `collect 3`
  case count(Expr)
  /// `collect 300ms`
  case time(Expr)
  /// `collect 300ms or 3`
  case timeOrCount(time: Expr, count: Expr)
}

/// `append 4,5` / `append S`, and the same for `prepend`.
public enum AppendedElements: Hashable {
  case values([Expr])
  case stream(Pipeline)
}

/// Every operator of the language, by Combine's name. Aliases (`take`,
/// `drop`) are resolved by the parser; `OperatorStage.keyword` keeps what was typed.
public indirect enum OperatorKind: Hashable {
  // transform
  case map(Expr)
  case tryMap(Expr)
  case compactMap(Expr)
  case tryCompactMap(Expr)
  case scan(initial: Expr, Expr)
  case tryScan(initial: Expr, Expr)
  case reduce(initial: Expr, Expr)
  case tryReduce(initial: Expr, Expr)
  /// `flatMap E` or `flatMap max 1 E`; E yields a stream per element.
  case flatMap(maxPublishers: Expr?, Expr)
  case switchToLatest
  case collect(CollectStrategy)
  // filter
  case filter(Expr)
  case tryFilter(Expr)
  case removeDuplicates
  /// `removeDuplicates by { a, b in … }`: true drops the new value.
  case removeDuplicatesBy(Expr)
  case first(where: Expr?)
  case tryFirst(where: Expr)
  case last(where: Expr?)
  case tryLast(where: Expr)
  case prefix(Expr)
  case prefixWhile(Expr)
  case tryPrefixWhile(Expr)
  case dropFirst(Expr?)
  case dropWhile(Expr)
  case tryDropWhile(Expr)
  case output(at: Expr)
  case ignoreOutput
  // time
  case debounce(Expr)
  /// `throttle 300ms` (latest: true) or `throttle 300ms latest: false`.
  case throttle(Expr, latest: Bool)
  case delay(Expr)
  /// `timeout 500ms` finishes; `timeout 500ms fail "slow"` fails with the message.
  case timeout(Expr, failure: Expr?)
  case measureInterval
  // combine
  case merge([Pipeline])
  case zip([Pipeline], transform: Expr?)
  case combineLatest([Pipeline], transform: Expr?)
  case append(AppendedElements)
  case prepend(AppendedElements)
  // errors
  case `catch`(Pipeline)
  case replaceError(Expr)
  case retry(Expr)
  case mapError(Expr)
  case replaceEmpty(Expr)
  // sharing
  case share
  case multicast
  case makeConnectable
  /// After `makeConnectable` or `multicast`: connects at the first subscription.
  case autoconnect
  // aggregate
  case count
  case min
  case max
  case contains(Expr)
  case allSatisfy(Expr)
  case tryAllSatisfy(Expr)
  // schedulers
  /// `receive on main`: each event is delivered from an action queued on the scheduler.
  case receiveOn(SchedulerName)
  /// `subscribe on main`: the subscription, requests and cancel go through the scheduler.
  case subscribeOn(SchedulerName)
  // debugging
  /// `print` or `print "tag"`: Combine's log of every event, captured into the run's log.
  case print(tag: Expr?)
  /// `handleEvents output: E, completion: E`: each expression's value is logged
  /// when its event happens (Combine's side-effect closures).
  case handleEvents([EventHandler])
  // types only: pass-through stages that change only the Swift type
  /// `eraseToAnyPublisher`: the publisher's type becomes `AnyPublisher`.
  case eraseToAnyPublisher
  /// `setFailureType`: a stream that cannot fail gets a `Failure` type.
  case setFailureType
  /// `assertNoFailure` or `assertNoFailure "prefix"`: a failure stops the run,
  /// as Combine's fatal error would stop the process.
  case assertNoFailure(prefix: Expr?)
  /// `replaceNil 0`: `nil` becomes the value.
  case replaceNil(Expr)
  // more
  /// `buffer 3 prefetch: keepFull whenFull: dropOldest`
  case buffer(size: Expr, prefetch: BufferPrefetch, whenFull: BufferWhenFull)
  // async/await
  /// `values each 200ms`: a `for await value in PIPELINE.values` loop whose
  /// body takes that long (no time without `each`); only at a bare pipeline's end.
  case values(each: Expr?)
  /// `prefix untilOutputFrom S`
  case prefixUntilOutput(Pipeline)
  /// `drop untilOutputFrom S`
  case dropUntilOutput(Pipeline)
  /// `tryCatch E`: E makes the fallback stream from the failure's message, or fails.
  case tryCatch(Expr)
}

/// An expression inside an operator's argument.
public struct Expr: Hashable {
  public var kind: ExprKind
  public var range: SourceRange

  public init(_ kind: ExprKind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }
}

public indirect enum ExprKind: Hashable {
  case int(Int)
  case double(Double)
  case string(String)
  case bool(Bool)
  case null
  /// A time literal such as `300ms`, a `Value.duration`.
  case time(VirtualInterval)
  case array([Expr])
  case tuple([Expr])
  /// `x`, `acc`, `$0`, a closure parameter, or a bound stream name.
  case identifier(String)
  /// `-x`, `!done`
  case unary(op: String, Expr)
  /// `+ - * / % == != < <= > >= && || ??`
  case binary(op: String, Expr, Expr)
  /// `c ? a : b`
  case ternary(Expr, Expr, Expr)
  /// `x.count`, `x.0`
  case member(Expr, name: String)
  /// `x.uppercased()`, `String(x)`, `abs(x)`, `fail("msg")`, `x.hasPrefix("a")`
  case call(callee: Expr, arguments: [Expr])
  /// `{ a, b in a + b }`; a braced expression without `in` has no parameters
  /// and reads `$0`, `$1` or `x`.
  case closure(parameters: [String], body: Expr)
  /// `{ just x | delay 100ms }`: a pipeline used as a value.
  case stream(Pipeline)
}
