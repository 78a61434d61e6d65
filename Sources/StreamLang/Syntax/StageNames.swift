// Which keyword a parsed stage stands for, by exhaustive switches: a new
// `OperatorKind` or `SourceKind` case does not compile until it names its
// operator or source.

extension OperatorKind {
  /// The operator this stage is, by Combine's name: `prefix while` is `.prefix`,
  /// `drop while` is `.dropFirst` (the keyword `drop` is an alias of `dropFirst`).
  public var name: OperatorName {
    switch self {
    case .map: return .map
    case .tryMap: return .tryMap
    case .compactMap: return .compactMap
    case .tryCompactMap: return .tryCompactMap
    case .scan: return .scan
    case .tryScan: return .tryScan
    case .reduce: return .reduce
    case .tryReduce: return .tryReduce
    case .flatMap: return .flatMap
    case .switchToLatest: return .switchToLatest
    case .collect: return .collect
    case .filter: return .filter
    case .tryFilter: return .tryFilter
    case .removeDuplicates, .removeDuplicatesBy: return .removeDuplicates
    case .first: return .first
    case .tryFirst: return .tryFirst
    case .last: return .last
    case .tryLast: return .tryLast
    case .prefix, .prefixWhile, .prefixUntilOutput: return .prefix
    case .tryPrefixWhile: return .tryPrefix
    case .dropFirst, .dropWhile, .dropUntilOutput: return .dropFirst
    case .tryDropWhile: return .tryDrop
    case .output: return .output
    case .ignoreOutput: return .ignoreOutput
    case .debounce: return .debounce
    case .throttle: return .throttle
    case .delay: return .delay
    case .timeout: return .timeout
    case .measureInterval: return .measureInterval
    case .merge: return .merge
    case .zip: return .zip
    case .combineLatest: return .combineLatest
    case .append: return .append
    case .prepend: return .prepend
    case .catch: return .catch
    case .tryCatch: return .tryCatch
    case .replaceError: return .replaceError
    case .retry: return .retry
    case .mapError: return .mapError
    case .replaceEmpty: return .replaceEmpty
    case .share: return .share
    case .multicast: return .multicast
    case .makeConnectable: return .makeConnectable
    case .autoconnect: return .autoconnect
    case .buffer: return .buffer
    case .values: return .values
    case .count: return .count
    case .min: return .min
    case .max: return .max
    case .contains: return .contains
    case .allSatisfy: return .allSatisfy
    case .tryAllSatisfy: return .tryAllSatisfy
    case .receiveOn: return .receive
    case .subscribeOn: return .subscribe
    case .print: return .print
    case .handleEvents: return .handleEvents
    case .eraseToAnyPublisher: return .eraseToAnyPublisher
    case .setFailureType: return .setFailureType
    case .assertNoFailure: return .assertNoFailure
    case .replaceNil: return .replaceNil
    }
  }
}

extension SourceKind {
  /// The source keyword this stage is; nil for a bound name or a `{ … }` group,
  /// which are no keyword.
  public var name: SourceName? {
    switch self {
    case .just: return .just
    case .range: return .range
    case .empty: return .empty
    case .never: return .never
    case .fail: return .fail
    case .interval: return .interval
    case .timer: return .timer
    case .marbles: return .marbles
    case .events: return .events
    case .subject: return .subject
    case .current: return .current
    case .published: return .published
    case .future: return .future
    case .deferred: return .deferred
    case .name, .group: return nil
    }
  }
}
