import StreamLang

/// Combine and Foundation APIs outside what streamlab runs, each with what
/// to write instead: the messages a paste gets at the position of the call.
public enum UnsupportedSwift {
  /// A message and the replacement, for one API.
  public struct Advice {
    public var message: String
    public var instead: String

    public init(message: String, instead: String) {
      self.message = message
      self.instead = instead
    }
  }

  private static let network = Advice(
    message: "streamlab cannot run `URLSession.shared.dataTaskPublisher(for:)`",
    instead:
      "a stand-in for the network call: `future 300ms \"data\"` or `fail \"offline\"` (in Swift, a `Future` "
      + "fulfilled in `asyncAfter`, or `Fail(error:)`)")

  /// Methods called on something that is not a publisher streamlab knows.
  static func advice(forCall method: String, on base: SwiftExpr) -> Advice? {
    switch method {
    case "dataTaskPublisher":
      return network
    case "publisher":
      return Advice(
        message: "streamlab cannot run `NotificationCenter` or key-value-observing publishers",
        instead: "a `PassthroughSubject` sent to at the times the notifications would come")
    case "values":
      return Advice(
        message: "streamlab cannot run `async` sequences (`.values`)", instead: "a `sink` on the publisher")
    default:
      return nil
    }
  }

  /// Types called like a source that streamlab cannot run.
  public static func advice(forType name: String) -> Advice? {
    switch name {
    case "URLSession", "URLRequest": return network
    case "Record":
      return Advice(
        message: "streamlab cannot run `Record`",
        instead: "the exporter's `Script(events:scheduler:)` or a subject with sends at times")
    case "Task":
      return Advice(message: "streamlab cannot run `Task { … }`", instead: "a publisher chain and a `sink`")
    case "Timer":
      return Advice(
        message: "streamlab reads a `Timer` only as `Timer.publish(every:on:in:).autoconnect()`",
        instead: "`Timer.publish(every: 1, on: .main, in: .common).autoconnect()`")
    default:
      return nil
    }
  }

  /// Operator methods outside the subset.
  public static func advice(forOperator method: String) -> Advice? {
    switch method {
    case "decode", "encode":
      return Advice(
        message: "streamlab cannot run `\(method)(type:decoder:)`: its values are numbers, strings, bools and arrays",
        instead: "`map` to the value the decoding would give")
    case "dataTaskPublisher":
      return network
    case "values":
      return Advice(message: "streamlab cannot run `async` sequences (`.values`)", instead: "a `sink` on the publisher")
    case "autoconnect":
      return Advice(
        message: "streamlab reads `autoconnect()` after `Timer.publish(every:on:in:)`",
        instead: "`share()` for a publisher shared by its subscribers")
    case "makeConnectable":
      return Advice(
        message: "streamlab cannot run `makeConnectable()`",
        instead: "`multicast(subject: PassthroughSubject())` and `connect()`")
    default:
      return nil
    }
  }

  /// Every operator method the lowering reads, for "did you mean".
  static let operatorMethods = [
    "map", "tryMap", "compactMap", "tryCompactMap", "filter", "tryFilter", "allSatisfy", "tryAllSatisfy",
    "mapError", "scan", "tryScan", "reduce", "tryReduce", "flatMap", "switchToLatest", "removeDuplicates",
    "ignoreOutput", "measureInterval", "share", "count", "min", "max", "multicast", "first", "last", "tryFirst",
    "tryLast", "prefix", "dropFirst", "drop", "tryPrefix", "tryDrop", "output", "collect", "debounce", "delay",
    "throttle", "timeout", "merge", "zip", "combineLatest", "append", "prepend", "catch", "replaceError",
    "replaceEmpty", "retry", "contains", "eraseToAnyPublisher", "setFailureType", "receive", "subscribe", "sink",
    "assign", "store",
  ]

  /// The operator method closest to `method`, when it is a plausible typo.
  static func nearestOperator(to method: String) -> String? {
    Suggestion.closest(to: method, among: operatorMethods)
  }
}
