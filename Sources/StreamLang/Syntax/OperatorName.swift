/// One operator of the language, by Combine's name: the identity the parser,
/// the builder, the Swift exporter and `:help` switch on exhaustively, so an
/// operator added here does not compile until every pass handles it.
///
/// Aliases (`take`, `drop`) are keywords of one case, never cases of their own.
public enum OperatorName: String, CaseIterable, Hashable, Sendable {
  // transform
  case map, tryMap, compactMap, tryCompactMap, scan, tryScan, reduce, tryReduce, flatMap, switchToLatest, collect
  // filter
  case filter, tryFilter, removeDuplicates, first, tryFirst, last, tryLast, prefix, tryPrefix, dropFirst, tryDrop
  case output, ignoreOutput
  // time
  case debounce, throttle, delay, timeout, measureInterval
  // combine
  case merge, zip, combineLatest, append, prepend
  // errors
  case `catch`, tryCatch, replaceError, retry, mapError, replaceEmpty
  // sharing
  case share, multicast, makeConnectable, autoconnect
  // aggregate
  case count, min, max, contains, allSatisfy, tryAllSatisfy
  // schedulers
  case receive, subscribe
  // debugging
  case print, handleEvents
  // types only
  case eraseToAnyPublisher, setFailureType, assertNoFailure, replaceNil
  // more
  case buffer
  // async/await
  case values

  /// The keywords that spell this operator: its own first, then its aliases.
  /// `Keywords.operators` is made of these, so a case without its entry here
  /// does not compile.
  public var keywords: [Keyword] {
    switch self {
    case .map: return [entry("transform", .closure, "a closure", "map x * 2", "transforms each value")]
    case .tryMap:
      return [
        entry("transform", .closure, "a closure", "tryMap x * 2", "like `map`; a thrown `fail(…)` becomes a failure")
      ]
    case .compactMap:
      return [entry("transform", .closure, "a closure", "compactMap Int(x)", "transforms and drops nil results")]
    case .tryCompactMap:
      return [entry("transform", .closure, "a closure", "tryCompactMap Int(x)", "`compactMap` that may fail")]
    case .scan:
      return [
        entry("transform", .initialAndClosure, "an initial value and a closure", "scan 0, acc + x", "running result")
      ]
    case .tryScan:
      return [
        entry(
          "transform", .initialAndClosure, "an initial value and a closure", "tryScan 0, acc + x",
          "`scan` that may fail")
      ]
    case .reduce:
      return [
        entry(
          "transform", .initialAndClosure, "an initial value and a closure", "reduce 0, acc + x",
          "final result at completion")
      ]
    case .tryReduce:
      return [
        entry(
          "transform", .initialAndClosure, "an initial value and a closure", "tryReduce 0, acc + x",
          "`reduce` that may fail")
      ]
    case .flatMap:
      return [
        entry(
          "transform", .maxAndClosure, "a closure returning a stream", "flatMap { just x | delay 100ms }",
          "subscribes to a stream per value and merges them; `flatMap max 1 E` limits how many at once")
      ]
    case .switchToLatest:
      return [
        entry("transform", .none, "", "map { just x } | switchToLatest", "follows only the latest inner stream")
      ]
    case .collect:
      return [
        entry(
          "transform", .collect, "nothing, a count or a time", "collect 3",
          "gathers values into arrays: all, by count, by time, or `300ms or 3`")
      ]
    case .filter:
      return [
        entry(
          "filter", .closure, "a condition", "filter x % 2 == 0", "lets through values for which the condition holds")
      ]
    case .tryFilter: return [entry("filter", .closure, "a condition", "tryFilter x > 0", "`filter` that may fail")]
    case .removeDuplicates:
      return [
        entry(
          "filter", .optionalBy, "nothing or `by` and a closure of two values", "removeDuplicates",
          "drops a value equal to the previous one; `by { a, b in … }` decides how")
      ]
    case .first:
      return [
        entry(
          "filter", .optionalWhere, "nothing or `where` and a condition", "first where x > 2",
          "the first (matching) value, then finished")
      ]
    case .tryFirst:
      return [
        entry(
          "filter", .requiredWhere, "`where` and a condition", "tryFirst where x > 2", "`first where` that may fail")
      ]
    case .last:
      return [
        entry(
          "filter", .optionalWhere, "nothing or `where` and a condition", "last where x > 2",
          "the last (matching) value, at completion")
      ]
    case .tryLast:
      return [
        entry("filter", .requiredWhere, "`where` and a condition", "tryLast where x > 2", "`last where` that may fail")
      ]
    case .prefix:
      return [
        entry(
          "filter", .countOrWhile, "a count or `while` and a condition", "prefix 3",
          "the first N values, values while the condition holds, or until `untilOutputFrom S` sends"),
        entry(
          "filter", .countOrWhile, "a count or `while` and a condition", "take 3", "alias of `prefix`", alias: "take"),
      ]
    case .tryPrefix:
      return [
        entry(
          "filter", .requiredWhile, "`while` and a condition", "tryPrefix while x < 3", "`prefix while` that may fail")
      ]
    case .dropFirst:
      return [
        entry(
          "filter", .optionalCountOrWhile, "nothing or a count", "dropFirst 2", "drops the first value, or the first N"),
        entry(
          "filter", .optionalCountOrWhile, "a count or `while` and a condition", "drop while x < 3",
          "`drop 2` is `dropFirst(2)`; `drop while E` is `drop(while:)`; `drop untilOutputFrom S` waits for S",
          alias: "drop"),
      ]
    case .tryDrop:
      return [
        entry("filter", .requiredWhile, "`while` and a condition", "tryDrop while x < 3", "`drop while` that may fail")
      ]
    case .output:
      return [entry("filter", .outputAt, "`at` and an index", "output at 2", "only the value at that index")]
    case .ignoreOutput:
      return [entry("filter", .none, "", "ignoreOutput", "drops every value, keeps completion")]
    case .debounce: return [entry("time", .time, "a time", "debounce 300ms", "sends a value after a quiet period")]
    case .throttle:
      return [
        entry(
          "time", .throttle, "a time", "throttle 300ms",
          "at most one value per interval; `latest: false` sends the first")
      ]
    case .delay: return [entry("time", .time, "a time", "delay 200ms", "shifts every event later")]
    case .timeout:
      return [
        entry(
          "time", .timeout, "a time", "timeout 500ms",
          "finishes after a silence; `timeout 500ms fail \"slow\"` fails instead")
      ]
    case .measureInterval:
      return [entry("time", .none, "", "measureInterval", "the time since the previous value")]
    case .merge:
      return [entry("combine", .streams, "one or more streams", "merge b", "values of all streams as they come")]
    case .zip: return [entry("combine", .streamsAndTransform, "a stream", "zip b", "pairs values in order")]
    case .combineLatest:
      return [
        entry(
          "combine", .streamsAndTransform, "a stream", "combineLatest b",
          "the latest value of each stream whenever one sends")
      ]
    case .append:
      return [
        entry("combine", .valuesOrStream, "values or a stream", "append 4, 5", "sends these after upstream finishes")
      ]
    case .prepend:
      return [entry("combine", .valuesOrStream, "values or a stream", "prepend 0", "sends these before upstream")]
    case .catch:
      return [entry("errors", .stream, "a stream", "catch { just 0 }", "replaces a failure with another stream")]
    case .tryCatch:
      return [
        entry(
          "errors", .closure, "a closure returning a stream", "tryCatch { just 0 }",
          "`catch` whose closure may `fail(…)` instead")
      ]
    case .replaceError:
      return [
        entry("errors", .value, "a value", "replaceError 0", "replaces a failure with a value, then finishes")
      ]
    case .retry:
      return [entry("errors", .count, "a count", "retry 2", "resubscribes after a failure, up to N times")]
    case .mapError:
      return [entry("errors", .closure, "a closure", "mapError \"wrapped\"", "transforms the failure's message")]
    case .replaceEmpty:
      return [entry("errors", .value, "a value", "replaceEmpty 0", "sends the value if upstream finishes empty")]
    case .share: return [entry("sharing", .none, "", "share", "one upstream subscription for every subscriber")]
    case .multicast:
      return [entry("sharing", .none, "", "multicast", "shares, but starts only at `connect NAME @T`")]
    case .makeConnectable:
      return [
        entry(
          "sharing", .none, "", "makeConnectable",
          "`multicast` with a PassthroughSubject: starts at `connect NAME @T` or `autoconnect`")
      ]
    case .autoconnect:
      return [
        entry(
          "sharing", .none, "", "makeConnectable | autoconnect",
          "after `makeConnectable` or `multicast`: connects at the first subscription")
      ]
    case .count: return [entry("aggregate", .none, "", "count", "the number of values, at completion")]
    case .min: return [entry("aggregate", .none, "", "min", "the smallest value, at completion")]
    case .max: return [entry("aggregate", .none, "", "max", "the largest value, at completion")]
    case .contains:
      return [entry("aggregate", .value, "a value", "contains 3", "true as soon as the value arrives")]
    case .allSatisfy:
      return [entry("aggregate", .closure, "a condition", "allSatisfy x > 0", "whether every value matches")]
    case .tryAllSatisfy:
      return [entry("aggregate", .closure, "a condition", "tryAllSatisfy x > 0", "`allSatisfy` that may fail")]
    case .receive:
      return [
        entry(
          "schedulers", .scheduler, "`on` and a scheduler", "receive on main",
          "delivers every event from an action queued on the scheduler (the one virtual clock)")
      ]
    case .subscribe:
      return [
        entry(
          "schedulers", .scheduler, "`on` and a scheduler", "subscribe on main",
          "subscribes, requests and cancels upstream from actions queued on the scheduler (the one virtual clock)")
      ]
    case .print:
      return [
        entry(
          "debugging", .optionalMessage, "nothing or a tag", "print \"tap\"",
          "Combine's log of every event, shown after the diagram with its virtual time")
      ]
    case .handleEvents:
      return [
        entry(
          "debugging", .eventHandlers,
          "one or more of `output:`, `completion:`, `cancel:`, `subscription:`, `request:`",
          "handleEvents output: \"got \" + String(x)",
          "logs each expression's value when its event happens, after the diagram with its virtual time")
      ]
    case .eraseToAnyPublisher:
      return [
        entry(
          "types only", .none, "", "eraseToAnyPublisher",
          "passes values through; in Swift the type becomes AnyPublisher<Output, Failure>")
      ]
    case .setFailureType:
      return [
        entry(
          "types only", .none, "", "setFailureType",
          "passes values through; in Swift a stream that cannot fail gets a Failure type such as Error")
      ]
    case .assertNoFailure:
      return [
        entry(
          "types only", .optionalMessage, "nothing or a prefix", "assertNoFailure",
          "passes values through; a failure stops the run, as Swift's fatal error would; the Failure becomes Never")
      ]
    case .replaceNil:
      return [
        entry(
          "types only", .value, "a value", "replaceNil 0",
          "nil becomes the value; in Swift the Output loses its optional (Int? becomes Int)")
      ]
    case .buffer:
      return [
        entry(
          "more", .buffer, "a size", "buffer 3 prefetch: keepFull whenFull: dropOldest",
          "holds up to N values for a slower subscriber; `prefetch:` and `whenFull:` choose how")
      ]
    case .values:
      return [
        entry(
          "async/await", .valuesEach, "nothing, or `each` and the time the loop's body takes", "values each 200ms",
          "a `for await` loop over `.values`: one value at a time, the next asked for once the body is done")
      ]
    }
  }

  /// The keyword spelled by Combine's name, or by `alias`.
  private func entry(
    _ group: String, _ arguments: ArgumentShape, _ needs: String, _ example: String, _ summary: String,
    alias: String? = nil
  ) -> Keyword {
    Keyword(
      name: alias ?? rawValue, identity: .operator(self), group: group, arguments: arguments, needs: needs,
      example: example, summary: summary)
  }
}
