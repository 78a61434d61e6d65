/// What follows a keyword: the parser reads arguments by this, diagnostics
/// name the missing kind from it, and help and completion show it.
public enum ArgumentShape: Hashable {
  /// `share`, `empty`: nothing.
  case none
  /// `just 1,2,3`, `append 4,5`: one or more values.
  case values
  /// `range 1...5`, `range 1..<5`
  case range
  /// `fail "boom"`
  case message
  /// `debounce 300ms`, `interval 100ms`
  case time
  /// `prefix 3`, `retry 2`
  case count
  /// `replaceError 0`, `contains 3`
  case value
  /// `marbles "-a-b|"` with an optional `frame 50ms`
  case marbles
  /// `events 0ms:"i", 900ms:|`
  case timedSends
  /// `current 0, 100ms:1`
  case initialAndTimedSends
  /// `future 200ms 42`
  case timeAndValue
  /// `catch S`, `deferred { … }`: a bound name or a braced pipeline.
  case stream
  /// `merge S, S`
  case streams
  /// `zip S`, `combineLatest S, S { a, b in … }`
  case streamsAndTransform
  /// `append 4,5` or `append S`
  case valuesOrStream
  /// `map x * 2`: a closure of the element.
  case closure
  /// `scan 0, acc + x`
  case initialAndClosure
  /// `flatMap E`, `flatMap max 1 E`
  case maxAndClosure
  /// `collect`, `collect 3`, `collect 300ms`, `collect 300ms or 3`
  case collect
  /// `first`, `first where E`
  case optionalWhere
  /// `tryFirst where E`
  case requiredWhere
  /// `prefix 3`, `prefix while E`, `prefix untilOutputFrom S`
  case countOrWhile
  /// `dropFirst`, `dropFirst 2`, `drop while E`, `drop untilOutputFrom S`
  case optionalCountOrWhile
  /// `removeDuplicates`, `removeDuplicates by { a, b in … }`
  case optionalBy
  /// `buffer 3`, then optionally `prefetch: …` and `whenFull: …`
  case buffer
  /// `tryPrefix while E`
  case requiredWhile
  /// `output at 2`
  case outputAt
  /// `throttle 300ms`, `throttle 300ms latest: false`
  case throttle
  /// `timeout 500ms`, `timeout 500ms fail "slow"`
  case timeout
  /// `let NAME = PIPELINE`
  case binding
  /// `connect NAME @T`
  case connect
}

/// Where a keyword may stand.
public enum KeywordRole: String, Hashable {
  /// First stage of a pipeline.
  case source
  /// A stage after `|`.
  case `operator`
  /// Starts a statement: `let`, `connect`.
  case statement
}

/// One source, operator or statement keyword of the language: its name as
/// typed, the Combine name it stands for, its arguments and its help text.
public struct Keyword: Hashable {
  /// The name as the student types it: `take`.
  public let name: String
  /// The Combine name it stands for: `prefix` for `take`. Same as `name` unless an alias.
  public let canonical: String
  public let role: KeywordRole
  /// The DSL.md group: transform, filter, time, combine, errors, sharing, aggregate; "source" or "statement".
  public let group: String
  public let arguments: ArgumentShape
  /// What the arguments are, as the phrase after "needs": "a time".
  public let needs: String
  /// A complete, runnable use: `debounce 300ms`.
  public let example: String
  /// One line for `:help`: what it does, in Combine's terms.
  public let summary: String

  /// True for `take` and `drop`, which stand for a Combine operator of another name.
  public var isAlias: Bool { name != canonical }

  /// "debounce needs a time, like `debounce 300ms`": the sentence diagnostics and help show.
  public var usage: String {
    if arguments == .none { return "\(name) takes no arguments, like `\(example)`" }
    return "\(name) needs \(needs), like `\(example)`"
  }
}

/// The table of every keyword: the single source of truth for the parser,
/// the REPL's completion and `:help`, and lessons' `require:`/`forbid:`.
public enum Keywords {
  /// Every keyword, sources first, then operators in DSL.md's order, then statements.
  public static let all: [Keyword] = sources + operators + statements

  public static let sources: [Keyword] = [
    source("just", .values, "one or more values", "just 1,2,3", "`[1,2,3].publisher`; one value is `Just(1)`"),
    source("range", .range, "a range", "range 1...5", "`(1...5).publisher`; `1..<5` excludes the end"),
    source("empty", .none, "", "empty", "`Empty()`: finishes at once"),
    source("never", .none, "", "never", "`Empty(completeImmediately: false)`: never sends, never finishes"),
    source("fail", .message, "a message", "fail \"boom\"", "`Fail(error:)`: fails at once"),
    source("interval", .time, "a time", "interval 100ms", "`Timer.publish(every:)` counting 0,1,2…"),
    source("timer", .time, "a time", "timer 500ms", "one value `0` after the time, then finished"),
    source(
      "marbles", .marbles, "a marble string", "marbles \"-a-b--c|\"",
      "a cold publisher from a marble string; 1 frame = 100ms unless `frame 50ms` follows"),
    source(
      "events", .timedSends, "timed events", "events 0ms:\"i\", 100ms:\"ip\", 900ms:|",
      "a cold publisher with times relative to its subscription; `T:#` fails"),
    source(
      "subject", .timedSends, "timed sends", "subject 100ms:1, 250ms:2, 400ms:|",
      "a `PassthroughSubject` sent to at those program times (hot)"),
    source(
      "current", .initialAndTimedSends, "an initial value", "current 0, 100ms:1",
      "a `CurrentValueSubject(0)` then those sends (hot)"),
    source(
      "future", .timeAndValue, "a time and a value", "future 200ms 42", "`Future`: starts when the program starts"),
    source(
      "deferred", .stream, "a braced pipeline", "deferred { future 200ms 42 }",
      "`Deferred`: builds the pipeline anew per subscription"),
    source(
      "published", .initialAndTimedSends, "an initial value", "published 0, 100ms:1",
      "an `@Published var` holding 0, then assigned those values (hot; sends in willSet)"),
  ]

  public static let operators: [Keyword] = [
    // transform
    op("map", "transform", .closure, "a closure", "map x * 2", "transforms each value"),
    op("tryMap", "transform", .closure, "a closure", "tryMap x * 2", "like `map`; an error becomes a failure"),
    op("compactMap", "transform", .closure, "a closure", "compactMap Int(x)", "transforms and drops nil results"),
    op("tryCompactMap", "transform", .closure, "a closure", "tryCompactMap Int(x)", "`compactMap` that may fail"),
    op("scan", "transform", .initialAndClosure, "an initial value and a closure", "scan 0, acc + x", "running result"),
    op(
      "tryScan", "transform", .initialAndClosure, "an initial value and a closure", "tryScan 0, acc + x",
      "`scan` that may fail"),
    op(
      "reduce", "transform", .initialAndClosure, "an initial value and a closure", "reduce 0, acc + x",
      "final result at completion"),
    op(
      "tryReduce", "transform", .initialAndClosure, "an initial value and a closure", "tryReduce 0, acc + x",
      "`reduce` that may fail"),
    op(
      "flatMap", "transform", .maxAndClosure, "a closure returning a stream", "flatMap { just x | delay 100ms }",
      "subscribes to a stream per value and merges them; `flatMap max 1 E` limits how many at once"),
    op(
      "switchToLatest", "transform", .none, "", "map { just x } | switchToLatest",
      "follows only the latest inner stream"),
    op(
      "collect", "transform", .collect, "nothing, a count or a time", "collect 3",
      "gathers values into arrays: all, by count, by time, or `300ms or 3`"),
    // filter
    op(
      "filter", "filter", .closure, "a condition", "filter x % 2 == 0",
      "lets through values for which the condition holds"),
    op("tryFilter", "filter", .closure, "a condition", "tryFilter x > 0", "`filter` that may fail"),
    op(
      "removeDuplicates", "filter", .optionalBy, "nothing or `by` and a closure of two values", "removeDuplicates",
      "drops a value equal to the previous one; `by { a, b in … }` decides how"),
    op(
      "first", "filter", .optionalWhere, "nothing or `where` and a condition", "first where x > 2",
      "the first (matching) value, then finished"),
    op(
      "tryFirst", "filter", .requiredWhere, "`where` and a condition", "tryFirst where x > 2",
      "`first where` that may fail"),
    op(
      "last", "filter", .optionalWhere, "nothing or `where` and a condition", "last where x > 2",
      "the last (matching) value, at completion"),
    op(
      "tryLast", "filter", .requiredWhere, "`where` and a condition", "tryLast where x > 2",
      "`last where` that may fail"),
    op(
      "prefix", "filter", .countOrWhile, "a count or `while` and a condition", "prefix 3",
      "the first N values, values while the condition holds, or until another stream sends"),
    op(
      "take", "filter", .countOrWhile, "a count or `while` and a condition", "take 3", "alias of `prefix`",
      canonical: "prefix"),
    op(
      "tryPrefix", "filter", .requiredWhile, "`while` and a condition", "tryPrefix while x < 3",
      "`prefix while` that may fail"),
    op(
      "dropFirst", "filter", .optionalCountOrWhile, "nothing or a count", "dropFirst 2",
      "drops the first value, or the first N"),
    op(
      "drop", "filter", .optionalCountOrWhile, "a count or `while` and a condition", "drop while x < 3",
      "`drop 2` is `dropFirst(2)`; `drop while E` is `drop(while:)`; `drop untilOutputFrom S` waits for S",
      canonical: "dropFirst"),
    op(
      "tryDrop", "filter", .requiredWhile, "`while` and a condition", "tryDrop while x < 3",
      "`drop while` that may fail"),
    op("output", "filter", .outputAt, "`at` and an index", "output at 2", "only the value at that index"),
    op("ignoreOutput", "filter", .none, "", "ignoreOutput", "drops every value, keeps completion"),
    // time
    op("debounce", "time", .time, "a time", "debounce 300ms", "sends a value after a quiet period"),
    op(
      "throttle", "time", .throttle, "a time", "throttle 300ms",
      "at most one value per interval; `latest: false` sends the first"),
    op("delay", "time", .time, "a time", "delay 200ms", "shifts every event later"),
    op(
      "timeout", "time", .timeout, "a time", "timeout 500ms",
      "finishes after a silence; `timeout 500ms fail \"slow\"` fails instead"),
    op("measureInterval", "time", .none, "", "measureInterval", "the time since the previous value"),
    // combine
    op("merge", "combine", .streams, "one or more streams", "merge b", "values of all streams as they come"),
    op("zip", "combine", .streamsAndTransform, "a stream", "zip b", "pairs values in order"),
    op(
      "combineLatest", "combine", .streamsAndTransform, "a stream", "combineLatest b",
      "the latest value of each stream whenever one sends"),
    op(
      "append", "combine", .valuesOrStream, "values or a stream", "append 4, 5", "sends these after upstream finishes"),
    op("prepend", "combine", .valuesOrStream, "values or a stream", "prepend 0", "sends these before upstream"),
    // errors
    op("catch", "errors", .stream, "a stream", "catch { just 0 }", "replaces a failure with another stream"),
    op(
      "tryCatch", "errors", .closure, "a closure returning a stream", "tryCatch { just 0 }",
      "`catch` whose closure may `fail(…)` instead"),
    op("replaceError", "errors", .value, "a value", "replaceError 0", "replaces a failure with a value, then finishes"),
    op("retry", "errors", .count, "a count", "retry 2", "resubscribes after a failure, up to N times"),
    op("mapError", "errors", .closure, "a closure", "mapError \"wrapped\"", "transforms the failure's message"),
    op("replaceEmpty", "errors", .value, "a value", "replaceEmpty 0", "sends the value if upstream finishes empty"),
    // sharing
    op("share", "sharing", .none, "", "share", "one upstream subscription for every subscriber"),
    op("multicast", "sharing", .none, "", "multicast", "shares, but starts only at `connect NAME @T`"),
    op(
      "makeConnectable", "sharing", .none, "", "makeConnectable",
      "`multicast` with a PassthroughSubject: starts at `connect NAME @T` or `autoconnect`"),
    op(
      "autoconnect", "sharing", .none, "", "makeConnectable | autoconnect",
      "after `makeConnectable` or `multicast`: connects at the first subscription"),
    // aggregate
    op("count", "aggregate", .none, "", "count", "the number of values, at completion"),
    op("min", "aggregate", .none, "", "min", "the smallest value, at completion"),
    op("max", "aggregate", .none, "", "max", "the largest value, at completion"),
    op("contains", "aggregate", .value, "a value", "contains 3", "true as soon as the value arrives"),
    op("allSatisfy", "aggregate", .closure, "a condition", "allSatisfy x > 0", "whether every value matches"),
    op("tryAllSatisfy", "aggregate", .closure, "a condition", "tryAllSatisfy x > 0", "`allSatisfy` that may fail"),
    // more
    op(
      "buffer", "more", .buffer, "a size", "buffer 3 prefetch: keepFull whenFull: dropOldest",
      "holds up to N values for a slower subscriber; `prefetch:` and `whenFull:` choose how"),
  ]

  public static let statements: [Keyword] = [
    Keyword(
      name: "let", canonical: "let", role: .statement, group: "statement", arguments: .binding,
      needs: "a name, `=` and a pipeline", example: "let clicks = marbles \"-a--b|\"",
      summary: "binds a name to a pipeline; runs nothing"),
    Keyword(
      name: "connect", canonical: "connect", role: .statement, group: "statement", arguments: .connect,
      needs: "a bound `multicast` name", example: "connect s @100ms",
      summary: "connects a `multicast` pipeline at a time"),
  ]

  /// The words with a meaning inside arguments: `where`, `while`, `frame`, ….
  public static let contextualWords: [String] = [
    "where", "while", "at", "max", "or", "latest", "frame", "in", "true", "false", "nil", "untilOutputFrom", "by",
    "prefetch", "whenFull", "byRequest", "keepFull", "dropOldest", "dropNewest",
  ]

  /// Looks a keyword up by the name typed, within one role.
  public static func keyword(named name: String, role: KeywordRole) -> Keyword? {
    switch role {
    case .source: return sourcesByName[name]
    case .operator: return operatorsByName[name]
    case .statement: return statements.first { $0.name == name }
    }
  }

  /// Every name a student can type as a keyword, for completion and "did you mean".
  public static var allNames: [String] { all.map(\.name) }

  /// The keywords whose name starts with `prefix`, for tab completion: sources
  /// at the start of a pipeline, operators after `|`; nil role means both.
  public static func completions(of prefix: String, role: KeywordRole? = nil) -> [Keyword] {
    all.filter { ($0.role == role || role == nil) && $0.name.hasPrefix(prefix) }
  }

  private static let sourcesByName = Dictionary(sources.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
  private static let operatorsByName = Dictionary(
    operators.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

  private static func source(
    _ name: String, _ arguments: ArgumentShape, _ needs: String, _ example: String, _ summary: String
  ) -> Keyword {
    Keyword(
      name: name, canonical: name, role: .source, group: "source", arguments: arguments, needs: needs,
      example: example, summary: summary)
  }

  private static func op(
    _ name: String, _ group: String, _ arguments: ArgumentShape, _ needs: String, _ example: String,
    _ summary: String, canonical: String? = nil
  ) -> Keyword {
    Keyword(
      name: name, canonical: canonical ?? name, role: .operator, group: group, arguments: arguments, needs: needs,
      example: example, summary: summary)
  }
}
