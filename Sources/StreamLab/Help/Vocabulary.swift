/// The words of the pipeline language that Tab completes and `:help`
/// explains.
enum Vocabulary {
  static let sources = [
    "just", "range", "empty", "never", "fail", "interval", "timer", "marbles", "events", "subject", "current",
    "future", "deferred",
  ]
  static let operators = [
    "map", "tryMap", "compactMap", "scan", "reduce", "flatMap", "switchToLatest", "collect", "filter",
    "removeDuplicates", "first", "last", "prefix", "dropFirst", "drop", "take", "output", "ignoreOutput", "debounce",
    "throttle", "delay", "timeout", "measureInterval", "merge", "zip", "combineLatest", "append", "prepend", "catch",
    "replaceError", "retry", "mapError", "replaceEmpty", "share", "multicast", "count", "min", "max", "contains",
    "allSatisfy",
  ]
}
