import StreamCore
import StreamLang

/// The program in streamlab's language that pasted Swift becomes, statement
/// by statement, before it is written out as text: subjects collect their
/// sends from wherever the Swift sends them, subscriptions their cancel time.
struct ShortProgram {
  /// One statement of the short form.
  enum Statement {
    /// `let NAME = PIPELINE`.
    case binding(name: String, pipeline: String)
    /// `let NAME = subject …` / `current …`: written once every send is known.
    case subject(name: String)
    /// A subscribed pipeline, its `@T..T` by `subscription` number.
    case subscription(Int)
    /// `connect NAME @T`.
    case connect(name: String, at: Int)
    /// `let NAME = owner` (issue 30).
    case owner(name: String)
    /// `release NAME @T`.
    case release(name: String, at: Int)
    /// `task { … } @T..T`, by `tasks` number.
    case task(Int)
  }

  /// A `Task` the Swift makes (`--format swift`'s `subscriptions.tasks[N] = Task { … }`).
  struct MadeTask {
    /// Its steps in the short form: `sleep 150ms`, `s | values each 250ms`.
    var steps: [String]
    var makeAt: Int
    var cancelAt: Int?
  }

  /// A subject and what the Swift sends to it, at absolute times (nanoseconds).
  struct Subject {
    /// The `current` initial value; nil for a `PassthroughSubject`.
    var initial: String?
    /// An `@Published` property: `published`, whose subscribers see a new
    /// value before the property holds it, rather than `current`.
    var isPublished = false
    /// In the order the Swift makes them; `orderedSends` is what the subject sees.
    var sends: [(time: Int, event: String)] = []
    /// For each of `sends`: the top-level time at which the closure that made
    /// it was scheduled (`schedule { … }`), nil for a top-level send. A
    /// closure scheduled for the instant the top level is at runs after the
    /// rest of that instant's top-level statements.
    var sendScheduledFrom: [Int?] = []
    /// The Output the Swift wrote for it (`PassthroughSubject<String, Never>`,
    /// `@Published var query: String`), when it wrote one.
    var declaredOutput: String?
    /// Every value the Swift puts into it, the first one included, for `SubjectValueCheck`.
    var values: [SubjectValueCheck.Value] = []

    /// The sends in time order (the same time keeps the Swift's order), up
    /// to the first completion: a subject ignores every send after it.
    var orderedSends: [(time: Int, event: String)] {
      let ordered = sends.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
      var kept: [(time: Int, event: String)] = []
      for (_, send) in ordered {
        kept.append(send)
        if send.event == "|" || send.event.hasPrefix("#") { break }
      }
      return kept
    }
  }

  /// A subscription made by `sink`, `assign` or a stored cancellable.
  struct Subscription {
    var pipeline: String
    var subscribeAt: Int
    var cancelAt: Int?
    /// The top-level time its scheduled closure was scheduled at; nil at top level.
    var scheduledFrom: Int?
    /// `sink strong NAME`: the owner its closure keeps.
    var strongCapture: String?
    /// `store NAME`: the owner that keeps its AnyCancellable.
    var storedIn: String?
  }

  private(set) var statements: [Statement] = []
  /// The Swift statement each of `statements` was lowered from (`SwiftSourceMap`).
  private(set) var statementRanges: [SourceRange] = []
  var subjects: [String: Subject] = [:]
  var subscriptions: [Subscription] = []
  var tasks: [MadeTask] = []
  /// What the student should know about how the Swift was read (a sink
  /// that was not stored is cancelled at once), shown under the short form.
  var notes: [String] = []
  /// The Swift types written on the bindings (`let p: AnyPublisher<Int, Never> = …`,
  /// `PassthroughSubject<String, Never>()`), checked against the checker's (`AnnotationCheck`).
  var annotations: [AnnotationCheck.Annotated] = []
  /// The pasted helpers' bodies with their return types (`HelperReturnCheck`).
  var helperBodies: [HelperReturnCheck.Body] = []

  /// True when `pipeline` (short-form text) subscribes to subject `name`,
  /// by its name or through the `let`s it uses.
  func reaches(_ pipeline: String, subject name: String) -> Bool {
    namesReached(from: pipeline).contains(name)
  }

  /// Every name `pipeline` (short-form text) uses, by itself or through the
  /// `let`s it uses. One pass over the statements, however many names a
  /// caller then asks about: a paste of 2,000 subjects asked each in turn
  /// (0.12 s, and 1.2 s unoptimized, where this takes milliseconds).
  func namesReached(from pipeline: String) -> Set<String> {
    var bindings: [String: [String]] = [:]
    for case .binding(let name, let bound) in statements { bindings[name, default: []].append(bound) }
    var seen: Set<String> = []
    var pending = Self.names(in: pipeline)
    while let next = pending.popLast() {
      guard seen.insert(next).inserted else { continue }
      for bound in bindings[next] ?? [] { pending += Self.names(in: bound) }
    }
    return seen
  }

  /// The words of short-form text that could name a binding (strings skipped).
  private static func names(in text: String) -> [String] {
    var names: [String] = []
    var word = ""
    var strings = StringLiteralTracker()
    for character in text {
      if strings.isInString(character) {
        if !word.isEmpty { names.append(word) }
        word = ""
        continue
      }
      if character.isLetter || character.isNumber || character == "_" {
        word.append(character)
        continue
      }
      if !word.isEmpty { names.append(word) }
      word = ""
    }
    if !word.isEmpty { names.append(word) }
    return names
  }

  /// Adds `statement`, lowered from the Swift at `swift`.
  mutating func append(_ statement: Statement, from swift: SourceRange) {
    statements.append(statement)
    statementRanges.append(swift)
  }

  /// The program as streamlab's language, one statement per line.
  var text: String {
    statements.map(line).joined(separator: "\n")
  }

  private func line(_ statement: Statement) -> String {
    switch statement {
    case .binding(let name, let pipeline):
      return "let \(name) = \(pipeline)"
    case .subject(let name):
      let subject = subjects[name] ?? Subject()
      let sends = subject.orderedSends.map { "\(Self.time($0.time)):\($0.event)" }
      if let initial = subject.initial {
        let keyword = subject.isPublished ? "published" : "current"
        return "let \(name) = \(keyword) " + ([initial] + sends).joined(separator: ", ")
      }
      // A subject nobody sends to never sends anything: `never` is that, hot or cold.
      return sends.isEmpty ? "let \(name) = never" : "let \(name) = subject " + sends.joined(separator: ", ")
    case .subscription(let number):
      let subscription = subscriptions[number]
      let timing = Self.timing(subscription.subscribeAt, subscription.cancelAt)
      var holders = subscription.strongCapture.map { " sink strong \($0)" } ?? ""
      if let owner = subscription.storedIn { holders += " store \(owner)" }
      return subscription.pipeline + holders + timing
    case .connect(let name, let at):
      return at == 0 ? "connect \(name)" : "connect \(name) @\(Self.time(at))"
    case .owner(let name):
      return "let \(name) = owner"
    case .release(let name, let at):
      return at == 0 ? "release \(name)" : "release \(name) @\(Self.time(at))"
    case .task(let number):
      let task = tasks[number]
      return "task { " + task.steps.joined(separator: "; ") + " }" + Self.timing(task.makeAt, task.cancelAt)
    }
  }

  /// ` @250ms`, ` @..600ms`, ` @250ms..600ms`, or nothing for from 0 and never cancelled.
  private static func timing(_ start: Int, _ end: Int?) -> String {
    switch (start, end) {
    case (0, nil): return ""
    case (let start, nil): return " @\(time(start))"
    case (0, let end?): return " @..\(time(end))"
    case (let start, let end?): return " @\(time(start))..\(time(end))"
    }
  }

  /// A time in nanoseconds as the language writes it: `300ms`, `1500us`, `20ns`.
  static func time(_ nanoseconds: Int) -> String {
    if nanoseconds % 1_000_000_000 == 0, nanoseconds != 0 {
      return "\(nanoseconds / 1_000_000_000)s"
    }
    if nanoseconds % 1_000_000 == 0 { return "\(nanoseconds / 1_000_000)ms" }
    if nanoseconds % 1_000 == 0 { return "\(nanoseconds / 1_000)us" }
    return "\(nanoseconds)ns"
  }
}
