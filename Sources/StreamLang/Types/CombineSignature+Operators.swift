extension CombineSignature {
  /// The Combine declaration(s) `name` stands for.
  public static func of(_ name: OperatorName) -> CombineSignature {
    switch name {
    case .map:
      return CombineSignature(
        declarations: [
          "func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T>"
        ],
        effect: "`<Output, F>` → `<T, F>`")
    case .tryMap:
      return CombineSignature(
        declarations: [
          "func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T>"
        ],
        effect: "`<Output, F>` → `<T, Error>`")
    case .compactMap:
      return CombineSignature(
        declarations: [
          "func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T>"
        ],
        effect: "`<Output, F>` → `<T, F>` (the closure gives `T?`)")
    case .tryCompactMap:
      return CombineSignature(
        declarations: [
          "func tryCompactMap<T>(_ transform: @escaping (Output) throws -> T?) -> Publishers.TryCompactMap<Self, T>"
        ],
        effect: "`<Output, F>` → `<T, Error>` (the closure gives `T?`)")
    case .scan:
      return CombineSignature(
        declarations: [
          "func scan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T) -> Publishers.Scan<Self, T>"
        ],
        effect: "`<Output, F>` → `<T, F>` (T is the initial value's type)")
    case .tryScan:
      return CombineSignature(
        declarations: [
          "func tryScan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T) -> Publishers.TryScan<Self, T>"
        ],
        effect: "`<Output, F>` → `<T, Error>`")
    case .reduce:
      return CombineSignature(
        declarations: [
          "func reduce<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T) -> Publishers.Reduce<Self, T>"
        ],
        effect: "`<Output, F>` → `<T, F>` (T is the initial value's type)")
    case .tryReduce:
      return CombineSignature(
        declarations: [
          "func tryReduce<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T) -> Publishers.TryReduce<Self, T>"
        ],
        effect: "`<Output, F>` → `<T, Error>`")
    case .flatMap:
      return CombineSignature(
        declarations: [
          "func flatMap<T, P>(maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P) -> Publishers.FlatMap<P, Self> where T == P.Output, P: Publisher, Self.Failure == P.Failure",
          "// iOS 14, where Failure == Never:",
          "func flatMap<P: Publisher>(maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P) -> Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>>",
          "// iOS 14, where P.Failure == Never:",
          "func flatMap<P: Publisher>(maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P) -> Publishers.FlatMap<Publishers.SetFailureType<P, Failure>, Self> where P.Failure == Never",
        ],
        effect: "`<T, F>` → `<P.Output, F>`; a `Never` side is adapted to the other's Failure")
    case .switchToLatest:
      return CombineSignature(
        declarations: [
          "func switchToLatest() -> Publishers.SwitchToLatest<Output, Self>  // where Output: Publisher, Output.Failure == Failure",
          "// iOS 14, where Failure == Never:",
          "func switchToLatest() -> Publishers.SwitchToLatest<Output, Publishers.SetFailureType<Self, Output.Failure>>",
          "// iOS 14, where Output.Failure == Never:",
          "func switchToLatest() -> Publishers.SwitchToLatest<Publishers.SetFailureType<Output, Failure>, Publishers.Map<Self, Publishers.SetFailureType<Output, Failure>>>",
        ],
        effect: "`<P, F>` → `<P.Output, F>`; a `Never` side is adapted to the other's Failure")
    case .collect:
      return CombineSignature(
        declarations: [
          "func collect() -> Publishers.Collect<Self>",
          "func collect(_ count: Int) -> Publishers.CollectByCount<Self>",
          "func collect<S: Scheduler>(_ strategy: Publishers.TimeGroupingStrategy<S>, options: S.SchedulerOptions? = nil) -> Publishers.CollectByTime<Self, S>",
        ],
        effect: "`<T, F>` → `<[T], F>`")
    case .filter:
      return CombineSignature(
        declarations: [
          "func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self>"
        ],
        effect: "`<T, F>` → `<T, F>`")
    case .tryFilter:
      return CombineSignature(
        declarations: [
          "func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Self>"
        ],
        effect: "`<T, F>` → `<T, Error>`")
    case .removeDuplicates:
      return CombineSignature(
        declarations: [
          "func removeDuplicates() -> Publishers.RemoveDuplicates<Self>  // where Output: Equatable",
          "func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool) -> Publishers.RemoveDuplicates<Self>",
        ],
        effect: "`<T, F>` → `<T, F>` (T: Equatable without `by`)")
    case .first:
      return CombineSignature(
        declarations: [
          "func first() -> Publishers.First<Self>",
          "func first(where predicate: @escaping (Output) -> Bool) -> Publishers.FirstWhere<Self>",
        ],
        effect: "`<T, F>` → `<T, F>`")
    case .tryFirst:
      return CombineSignature(
        declarations: [
          "func tryFirst(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryFirstWhere<Self>"
        ],
        effect: "`<T, F>` → `<T, Error>`")
    case .last:
      return CombineSignature(
        declarations: [
          "func last() -> Publishers.Last<Self>",
          "func last(where predicate: @escaping (Output) -> Bool) -> Publishers.LastWhere<Self>",
        ],
        effect: "`<T, F>` → `<T, F>`")
    case .tryLast:
      return CombineSignature(
        declarations: [
          "func tryLast(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryLastWhere<Self>"
        ],
        effect: "`<T, F>` → `<T, Error>`")
    case .prefix:
      return CombineSignature(
        declarations: [
          "func prefix(_ maxLength: Int) -> Publishers.Output<Self>",
          "func prefix(while predicate: @escaping (Output) -> Bool) -> Publishers.PrefixWhile<Self>",
          "func prefix<P>(untilOutputFrom publisher: P) -> Publishers.PrefixUntilOutput<Self, P> where P: Publisher, Failure == P.Failure",
        ],
        effect: "`<T, F>` → `<T, F>`")
    case .tryPrefix:
      return CombineSignature(
        declarations: [
          "func tryPrefix(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryPrefixWhile<Self>"
        ],
        effect: "`<T, F>` → `<T, Error>`")
    case .dropFirst:
      return CombineSignature(
        declarations: [
          "func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self>",
          "func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.DropWhile<Self>",
          "func drop<P>(untilOutputFrom publisher: P) -> Publishers.DropUntilOutput<Self, P> where P: Publisher, Failure == P.Failure",
        ],
        effect: "`<T, F>` → `<T, F>`")
    case .tryDrop:
      return CombineSignature(
        declarations: [
          "func tryDrop(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryDropWhile<Self>"
        ],
        effect: "`<T, F>` → `<T, Error>`")
    case .output:
      return CombineSignature(
        declarations: [
          "func output(at index: Int) -> Publishers.Output<Self>"
        ],
        effect: "`<T, F>` → `<T, F>`")
    case .ignoreOutput:
      return CombineSignature(
        declarations: [
          "func ignoreOutput() -> Publishers.IgnoreOutput<Self>"
        ],
        effect: "`<T, F>` → `<Never, F>`")
    case .debounce:
      return CombineSignature(
        declarations: [
          "func debounce<S: Scheduler>(for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.Debounce<Self, S>"
        ],
        effect: "`<T, F>` → `<T, F>`")
    case .throttle:
      return CombineSignature(
        declarations: [
          "func throttle<S: Scheduler>(for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool) -> Publishers.Throttle<Self, S>"
        ],
        effect: "`<T, F>` → `<T, F>`")
    case .delay:
      return CombineSignature(
        declarations: [
          "func delay<S: Scheduler>(for interval: S.SchedulerTimeType.Stride, tolerance: S.SchedulerTimeType.Stride? = nil, scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.Delay<Self, S>"
        ],
        effect: "`<T, F>` → `<T, F>`")
    case .timeout:
      return CombineSignature(
        declarations: [
          "func timeout<S: Scheduler>(_ interval: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil, customError: (() -> Failure)? = nil) -> Publishers.Timeout<Self, S>"
        ],
        effect: "`<T, F>` → `<T, F>`")
    case .measureInterval:
      return CombineSignature(
        declarations: [
          "func measureInterval<S: Scheduler>(using scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.MeasureInterval<Self, S>"
        ],
        effect: "`<T, F>` → `<S.SchedulerTimeType.Stride, F>` (here the time since the previous value)")
    case .merge:
      return CombineSignature(
        declarations: [
          "func merge<P>(with other: P) -> Publishers.Merge<Self, P> where P: Publisher, Output == P.Output, Failure == P.Failure"
        ],
        effect: "`<T, F>` + `<T, F>` → `<T, F>`")
    case .zip:
      return CombineSignature(
        declarations: [
          "func zip<P>(_ other: P) -> Publishers.Zip<Self, P> where P: Publisher, Failure == P.Failure",
          "func zip<P, T>(_ other: P, _ transform: @escaping (Output, P.Output) -> T) -> Publishers.Map<Publishers.Zip<Self, P>, T> where P: Publisher, Failure == P.Failure",
        ],
        effect: "`<A, F>` + `<B, F>` → `<(A, B), F>`")
    case .combineLatest:
      return CombineSignature(
        declarations: [
          "func combineLatest<P>(_ other: P) -> Publishers.CombineLatest<Self, P> where P: Publisher, Failure == P.Failure",
          "func combineLatest<P, T>(_ other: P, _ transform: @escaping (Output, P.Output) -> T) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where P: Publisher, Failure == P.Failure",
        ],
        effect: "`<A, F>` + `<B, F>` → `<(A, B), F>`")
    case .append:
      return CombineSignature(
        declarations: [
          "func append(_ elements: Output...) -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>>",
          "func append<P>(_ publisher: P) -> Publishers.Concatenate<Self, P> where P: Publisher, Output == P.Output, Failure == P.Failure",
        ],
        effect: "`<T, F>` + `<T, F>` → `<T, F>`")
    case .prepend:
      return CombineSignature(
        declarations: [
          "func prepend(_ elements: Output...) -> Publishers.Concatenate<Publishers.Sequence<[Output], Failure>, Self>",
          "func prepend<P>(_ publisher: P) -> Publishers.Concatenate<P, Self> where P: Publisher, Output == P.Output, Failure == P.Failure",
        ],
        effect: "`<T, F>` + `<T, F>` → `<T, F>`")
    case .`catch`:
      return CombineSignature(
        declarations: [
          "func `catch`<P>(_ handler: @escaping (Failure) -> P) -> Publishers.Catch<Self, P> where P: Publisher, Output == P.Output"
        ],
        effect: "`<T, F>` → `<T, P.Failure>`: the fallback's Failure, `Never` for `just`")
    case .tryCatch:
      return CombineSignature(
        declarations: [
          "func tryCatch<P>(_ handler: @escaping (Failure) throws -> P) -> Publishers.TryCatch<Self, P> where P: Publisher, Output == P.Output"
        ],
        effect: "`<T, F>` → `<T, Error>`")
    case .replaceError:
      return CombineSignature(
        declarations: [
          "func replaceError(with output: Output) -> Publishers.ReplaceError<Self>"
        ],
        effect: "`<T, F>` → `<T, Never>`")
    case .retry:
      return CombineSignature(
        declarations: [
          "func retry(_ retries: Int) -> Publishers.Retry<Self>"
        ],
        effect: "`<T, F>` → `<T, F>`")
    case .mapError:
      return CombineSignature(
        declarations: [
          "func mapError<E: Error>(_ transform: @escaping (Failure) -> E) -> Publishers.MapError<Self, E>"
        ],
        effect: "`<T, F>` → `<T, E>`")
    case .replaceEmpty:
      return CombineSignature(
        declarations: [
          "func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self>"
        ],
        effect: "`<T, F>` → `<T, F>`")
    case .share:
      return CombineSignature(
        declarations: [
          "func share() -> Publishers.Share<Self>"
        ],
        effect: "`<T, F>` → `<T, F>`")
    case .multicast:
      return CombineSignature(
        declarations: [
          "func multicast<S>(subject: S) -> Publishers.Multicast<Self, S> where S: Subject, Failure == S.Failure, Output == S.Output",
          "// then .connect()",
        ],
        effect: "`<T, F>` → `<T, F>`")
    case .makeConnectable:
      return CombineSignature(
        declarations: [
          "func makeConnectable() -> Publishers.MakeConnectable<Self>  // where Failure == Never"
        ],
        effect: "`<T, Never>` → `<T, Never>`")
    case .autoconnect:
      return CombineSignature(
        declarations: [
          "func autoconnect() -> Publishers.Autoconnect<Self>  // where Self: ConnectablePublisher"
        ],
        effect: "`<T, F>` → `<T, F>`")
    case .count:
      return CombineSignature(
        declarations: [
          "func count() -> Publishers.Count<Self>"
        ],
        effect: "`<T, F>` → `<Int, F>`")
    case .min:
      return CombineSignature(
        declarations: [
          "func min() -> Publishers.Comparison<Self>  // where Output: Comparable"
        ],
        effect: "`<T, F>` → `<T, F>` (T: Comparable)")
    case .max:
      return CombineSignature(
        declarations: [
          "func max() -> Publishers.Comparison<Self>  // where Output: Comparable"
        ],
        effect: "`<T, F>` → `<T, F>` (T: Comparable)")
    case .contains:
      return CombineSignature(
        declarations: [
          "func contains(_ output: Output) -> Publishers.Contains<Self>  // where Output: Equatable"
        ],
        effect: "`<T, F>` → `<Bool, F>` (T: Equatable)")
    case .allSatisfy:
      return CombineSignature(
        declarations: [
          "func allSatisfy(_ predicate: @escaping (Output) -> Bool) -> Publishers.AllSatisfy<Self>"
        ],
        effect: "`<T, F>` → `<Bool, F>`")
    case .tryAllSatisfy:
      return CombineSignature(
        declarations: [
          "func tryAllSatisfy(_ predicate: @escaping (Output) throws -> Bool) -> Publishers.TryAllSatisfy<Self>"
        ],
        effect: "`<T, F>` → `<Bool, Error>`")
    case .receive:
      return CombineSignature(
        declarations: [
          "func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.ReceiveOn<Self, S>"
        ],
        effect: "`<T, F>` → `<T, F>`")
    case .subscribe:
      return CombineSignature(
        declarations: [
          "func subscribe<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.SubscribeOn<Self, S>"
        ],
        effect: "`<T, F>` → `<T, F>`")
    case .print:
      return CombineSignature(
        declarations: [
          "func print(_ prefix: String = \"\", to stream: TextOutputStream? = nil) -> Publishers.Print<Self>"
        ],
        effect: "`<T, F>` → `<T, F>`")
    case .handleEvents:
      return CombineSignature(
        declarations: [
          "func handleEvents(receiveSubscription: ((Subscription) -> Void)? = nil, receiveOutput: ((Output) -> Void)? = nil, receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil, receiveCancel: (() -> Void)? = nil, receiveRequest: ((Subscribers.Demand) -> Void)? = nil) -> Publishers.HandleEvents<Self>"
        ],
        effect: "`<T, F>` → `<T, F>`")
    case .eraseToAnyPublisher:
      return CombineSignature(
        declarations: [
          "func eraseToAnyPublisher() -> AnyPublisher<Output, Failure>"
        ],
        effect: "`<T, F>` → `<T, F>`, as `AnyPublisher<T, F>`")
    case .setFailureType:
      return CombineSignature(
        declarations: [
          "func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E>"
        ],
        effect: "`<T, Never>` → `<T, Error>`")
    case .assertNoFailure:
      return CombineSignature(
        declarations: [
          "func assertNoFailure(_ prefix: String = \"\", file: StaticString = #file, line: UInt = #line) -> Publishers.AssertNoFailure<Self>"
        ],
        effect: "`<T, F>` → `<T, Never>`")
    case .replaceNil:
      return CombineSignature(
        declarations: [
          "func replaceNil<T>(with output: T) -> Publishers.Map<Self, T>  // where Output == T?"
        ],
        effect: "`<T?, F>` → `<T, F>`")
    case .values:
      return CombineSignature(
        declarations: [
          "var values: AsyncPublisher<Self> { get }  // Failure == Never; else AsyncThrowingPublisher<Self>",
          "// for await value in publisher.values { … }: one value asked for (.max(1)) per turn of the loop",
        ],
        effect: "`<T, F>` → a `for await` loop over `T`")
    case .buffer:
      return CombineSignature(
        declarations: [
          "func buffer(size: Int, prefetch: Publishers.PrefetchStrategy, whenFull: Publishers.BufferingStrategy<Failure>) -> Publishers.Buffer<Self>",
          "// prefetch: .byRequest, .keepFull; whenFull: .dropOldest, .dropNewest, .customError { … }",
        ],
        effect: "`<T, F>` → `<T, F>`")
    }
  }
}
