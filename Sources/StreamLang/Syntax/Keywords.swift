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
  /// `values`, `values each 200ms`
  case valuesEach
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
  /// `let NAME = owner`: nothing after it.
  case owner
  /// `store vm`: an owner's name.
  case ownerName
  /// `sink strong vm`, `sink weak vm`.
  case sinkCapture
  /// `release vm @500ms`
  case release
  /// `task { sleep 300ms; s | values each 100ms } @..900ms`
  case task
  /// `sleep 200ms`, inside a `task { … }`
  case sleep
  /// `receive on main`: `on` and a scheduler.
  case scheduler
  /// `print`, `print "tag"`: nothing or a message.
  case optionalMessage
  /// `handleEvents output: E, completion: E`: labelled closures, any non-empty subset.
  case eventHandlers
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

/// What a keyword stands for: the enum case every pass switches on.
public enum KeywordIdentity: Hashable, Sendable {
  case source(SourceName)
  case `operator`(OperatorName)
  case statement(StatementName)

  /// The Combine (or statement) name: `prefix` for `take`.
  public var canonicalName: String {
    switch self {
    case .source(let name): return name.rawValue
    case .operator(let name): return name.rawValue
    case .statement(let name): return name.rawValue
    }
  }

  public var role: KeywordRole {
    switch self {
    case .source: return .source
    case .operator: return .operator
    case .statement: return .statement
    }
  }
}

/// One source, operator or statement keyword of the language: its name as
/// typed, the Combine name it stands for, its arguments and its help text.
public struct Keyword: Hashable {
  /// The name as the student types it: `take`.
  public let name: String
  /// The source, operator or statement it stands for: `.operator(.prefix)` for `take`.
  public let identity: KeywordIdentity
  /// The DSL.md group: transform, filter, time, combine, errors, sharing, aggregate; "source" or "statement".
  public let group: String
  public let arguments: ArgumentShape
  /// What the arguments are, as the phrase after "needs": "a time".
  public let needs: String
  /// A complete, runnable use: `debounce 300ms`.
  public let example: String
  /// One line for `:help`: what it does, in Combine's terms.
  public let summary: String

  /// The Combine name it stands for: `prefix` for `take`. Same as `name` unless an alias.
  public var canonical: String { identity.canonicalName }
  public var role: KeywordRole { identity.role }

  /// The operator this keyword spells, or nil for a source or statement.
  public var operatorName: OperatorName? {
    if case .operator(let name) = identity { return name }
    return nil
  }

  /// The source this keyword spells, or nil for an operator or statement.
  public var sourceName: SourceName? {
    if case .source(let name) = identity { return name }
    return nil
  }

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
/// It is derived from `SourceName`, `OperatorName` and `StatementName`, whose
/// exhaustive switches give each case its keywords.
public enum Keywords {
  /// Every keyword, sources first, then operators in DSL.md's order, then statements.
  public static let all: [Keyword] = sources + operators + statements

  public static let sources: [Keyword] = SourceName.allCases.map(\.keyword)

  /// Each operator's own keyword followed by its aliases (`prefix`, `take`).
  public static let operators: [Keyword] = OperatorName.allCases.flatMap(\.keywords)

  public static let statements: [Keyword] = StatementName.allCases.map(\.keyword)

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

  /// The keywords' names and the contextual words, to ask of one name at a
  /// time: the Swift reader asks it of every name a paste declares.
  public static let reservedNames: Set<String> = Set(allNames + contextualWords)

  /// The keywords whose name starts with `prefix`, for tab completion: sources
  /// at the start of a pipeline, operators after `|`; nil role means both.
  public static func completions(of prefix: String, role: KeywordRole? = nil) -> [Keyword] {
    all.filter { ($0.role == role || role == nil) && $0.name.hasPrefix(prefix) }
  }

  private static let sourcesByName = Dictionary(sources.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
  private static let operatorsByName = Dictionary(
    operators.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
}
