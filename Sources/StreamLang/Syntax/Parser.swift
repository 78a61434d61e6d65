import StreamCore

/// Turns a program's text into a `Program`, reporting every statement that
/// does not parse.
///
///     program    = statement { (";" | newline) statement }
///     statement  = "let" NAME "=" pipeline | "connect" NAME ["@" time] | pipeline [timing]
///     timing     = "@" time [".." time] | "@" ".." time
///     pipeline   = source { "|" operator }          (a newline may follow `|` or precede it)
///     source     = KEYWORD arguments | NAME | "{" pipeline "}"
///     operator   = KEYWORD arguments                 (shapes: `Keywords`, `ArgumentShape`)
///     stream     = NAME | "{" pipeline "}"          (`merge S`, `catch S`, …)
///     braces     = "{" [NAME {"," NAME} "in"] (pipeline | expr) "}"
///
/// A braced body is a pipeline when it starts with a source keyword, is a
/// bound name alone or before `|`, or holds a `|` of its own; otherwise it is
/// an expression. Expressions follow Swift's precedence: `?:`, `||`, `&&`,
/// comparisons, `??`, `+ -`, `* / %`, prefix `- !`, postfix `.member`, `.0`, calls.
///
/// A recursive-descent parser over the lexer's tokens. An error abandons the
/// statement it is in and parsing resumes after the next `;` or newline, so one
/// program can report several errors. Nesting is limited (`maximumNesting`) so
/// that hostile input ends in a diagnostic rather than a stack overflow.
public struct Parser {
  /// How deep brackets, braces, prefix operators and expression trees may nest.
  public static let maximumNesting = 200

  /// Parses `text`. `boundNames` are the names already bound in the session
  /// (`let` bindings of earlier inputs): they are sources, and "did you mean"
  /// considers them. `metaCommands` are the REPL's commands as typed
  /// (`:help`), so that `hepl` at the start of a line can suggest `:help`.
  /// `isInterrupted` is looked at every `ProgramPhase.statementsBetweenLooks`
  /// statements: once it is true, parsing stops with a diagnostic there.
  /// `ownerNames` are owners declared before `text` (`let vm = owner` in a
  /// lesson's given, when a solution is parsed alone).
  public static func parse(
    _ text: String, boundNames: some Sequence<String> = [String](), ownerNames: some Sequence<String> = [String](),
    metaCommands: [String] = [], isInterrupted: () -> Bool = { false }
  ) -> ParseResult {
    var parser = Parser(text: text, boundNames: Set(boundNames), isInterrupted: isInterrupted)
    parser.ownerNames = Set(ownerNames)
    parser.metaCommands = metaCommands
    return parser.parseProgram(isInterrupted: isInterrupted)
  }

  /// The error that abandons the statement being parsed.
  private struct Failure: Error {
    var diagnostic: Diagnostic
  }

  private static let maximumDiagnostics = 50

  private let text: String
  private var tokens: [Token]
  private var index = 0
  private var diagnostics: [Diagnostic]
  private var boundNames: Set<String>
  /// The owners this program declared (`let vm = owner`): they hold
  /// subscriptions and are released; they are not streams.
  private var ownerNames: Set<String> = []
  private var metaCommands: [String] = []
  /// Parameters of the closures being parsed, innermost last: they may be used as sources.
  private var parameterScopes: [[String]] = []
  /// For each `{` token, whether a `|` stands directly inside it: then it holds a pipeline.
  private var braceHoldsPipe: [Bool]
  /// Recursion depth of the parser itself.
  private var depth = 0
  /// The tree depth of the expression last returned, so that no tree deeper
  /// than the limit is ever built (even freeing such a tree would recurse).
  private var lastDepth = 0
  /// The deepest expression parsed in each pipeline being parsed, innermost last.
  private var pipelineDepths: [Int] = []

  /// Where the lexer stopped for `isInterrupted`; nil when it read the whole text.
  private let lexingInterruptedAt: Int?

  private init(text: String, boundNames: Set<String>, isInterrupted: () -> Bool) {
    self.text = text
    let lexer = Lexer(text, isInterrupted: isInterrupted)
    tokens = lexer.tokens
    diagnostics = lexer.diagnostics
    lexingInterruptedAt = lexer.interruptedAt
    self.boundNames = boundNames
    braceHoldsPipe = Parser.findPipesInBraces(lexer.tokens)
  }

  /// One linear pass instead of a scan per brace, so deeply nested braces stay cheap.
  private static func findPipesInBraces(_ tokens: [Token]) -> [Bool] {
    var holds = [Bool](repeating: false, count: tokens.count)
    var open: [(index: Int, kind: TokenKind)] = []
    for (position, token) in tokens.enumerated() {
      switch token.kind {
      case .leftBrace, .leftParen, .leftBracket: open.append((position, token.kind))
      case .rightBrace, .rightParen, .rightBracket: if !open.isEmpty { open.removeLast() }
      case .pipe: if let innermost = open.last, innermost.kind == .leftBrace { holds[innermost.index] = true }
      default: break
      }
    }
    return holds
  }

  // MARK: - Statements

  private mutating func parseProgram(isInterrupted: () -> Bool) -> ParseResult {
    var statements: [Statement] = []
    while !at(.endOfInput) {
      if at(.newline) || at(.semicolon) {
        advance()
        continue
      }
      if ProgramPhase.looks(before: statements.count), isInterrupted() {
        diagnostics.append(ProgramPhase.reading.interruption(at: current.range))
        break
      }
      if statements.count == ProgramLimits.statementsPerProgram {
        report(
          Diagnostic(
            "this program has more than \(ProgramLimits.statementsPerProgram.withThousandsSeparators) statements, "
              + "the most one program may have", at: current.range,
            note: "`:help limits` lists every limit"))
        break
      }
      do {
        statements.append(try parseStatement())
        try expectStatementEnd()
      } catch {
        report(error.diagnostic)
        skipToStatementEnd()
      }
      if diagnostics.count >= Parser.maximumDiagnostics { break }
    }
    // The lexer stopped at a statement's end and this loop read up to it
    // without a look of its own finding the flag: the rest was not read.
    if let stop = lexingInterruptedAt, at(.endOfInput) {
      diagnostics.append(ProgramPhase.reading.interruption(at: SourceRange(start: stop, end: stop)))
    }
    let sorted = diagnostics.enumerated().sorted {
      ($0.element.range.start, $0.offset) < ($1.element.range.start, $1.offset)
    }.map(\.element)
    return ParseResult(program: Program(text: text, statements: statements), diagnostics: sorted)
  }

  private mutating func report(_ diagnostic: Diagnostic) {
    // The lexer already explained a bad literal; a second error at the same place adds nothing.
    if diagnostics.contains(where: { $0.range.start == diagnostic.range.start }) { return }
    diagnostics.append(diagnostic)
  }

  private mutating func parseStatement() throws(Failure) -> Statement {
    let start = current.range
    if current.kind.identifier == "let" {
      advance()
      let name = try parseNewName()
      try expect(.assign, "`=` after the name, like `let \(name.text) = just 1`")
      if current.kind.identifier == StatementName.owner.rawValue, !boundNames.contains(StatementName.owner.rawValue),
        isStatementEnd(tokens[index + 1].kind)
      {
        if ownerNames.contains(name.text) {
          throw Failure(
            diagnostic: Diagnostic(
              "`\(name.text)` is already an owner in this program; an owner is one object, declared once",
              at: name.range, expected: "another name"))
        }
        advance()
        ownerNames.insert(name.text)
        boundNames.remove(name.text)
        return .owner(name: name, range: start.union(range(to: previousEnd)))
      }
      try requireArgument(StatementName.let.keyword)
      let pipeline = try parsePipeline()
      boundNames.insert(name.text)
      ownerNames.remove(name.text)
      return .binding(name: name, pipeline: pipeline, range: start.union(pipeline.range))
    }
    if current.kind.identifier == StatementName.release.rawValue, !boundNames.contains(StatementName.release.rawValue) {
      advance()
      let name = try parseOwnerName(after: "release", example: "release vm @500ms")
      var at: Expr?
      if self.at(.at) {
        advance()
        at = try parseTime(
          for: "release", usage: "`release` needs a time after `@`, like `release \(name.text) @500ms`")
      }
      return .release(name: name, at: at, range: start.union(range(to: previousEnd)))
    }
    if current.kind.identifier == StatementName.task.rawValue, !boundNames.contains(StatementName.task.rawValue),
      tokens[index + 1].kind == .leftBrace
    {
      return try parseTask(from: start)
    }
    if current.kind.identifier == StatementName.sleep.rawValue, !boundNames.contains(StatementName.sleep.rawValue) {
      throw failure(
        "`sleep` waits inside a task only, as `Task.sleep` needs an async context",
        expected: "`task { sleep 300ms; … }`")
    }
    if current.kind.identifier == "connect", !boundNames.contains("connect") {
      advance()
      guard case .identifier(let nameText) = current.kind else {
        throw failure("`connect` needs the name of a bound `multicast` pipeline, like `connect s @100ms`")
      }
      let name = Name(nameText, range: current.range)
      try checkBound(name)
      advance()
      var at: Expr?
      if self.at(.at) {
        advance()
        at = try parseTime(for: "connect", usage: "`connect` needs a time after `@`, like `connect \(nameText) @100ms`")
      }
      return .connect(name: name, at: at, range: start.union(range(to: previousEnd)))
    }
    let pipeline = try parsePipeline(endsInLoop: true)
    var timing = SubscriptionTiming()
    try parseHolders(into: &timing)
    try parseTimes(into: &timing)
    return .subscription(pipeline: pipeline, timing: timing, range: start.union(range(to: previousEnd)))
  }

  /// `task { STEP; STEP … } @T..T`: each step `sleep T` or a pipeline
  /// ending in `values` (a `for await` loop), on lines of their own or
  /// separated by `;`.
  private mutating func parseTask(from start: SourceRange) throws(Failure) -> Statement {
    advance()
    try expect(.leftBrace, "`{`")
    var steps: [TaskStep] = []
    while true {
      while at(.newline) || at(.semicolon) { advance() }
      if at(.rightBrace) { break }
      if at(.endOfInput) { throw failure("this task's `{` is not closed", expected: "`}` after the task's steps") }
      let stepStart = current.range
      if current.kind.identifier == StatementName.sleep.rawValue, !boundNames.contains(StatementName.sleep.rawValue) {
        advance()
        let time = try parseTime(for: "sleep", usage: "`sleep` needs a time, like `sleep 300ms`")
        steps.append(.sleep(time, range: stepStart.union(range(to: previousEnd))))
        continue
      }
      let pipeline = try parsePipeline(endsInLoop: true)
      guard let last = pipeline.operators.last, case .values = last.kind else {
        throw Failure(
          diagnostic: Diagnostic(
            "a task reads a pipeline with a `for await` loop: end it with `values`", at: pipeline.range,
            expected: "`\(pipeline.range.text(in: text)) | values each 100ms`"))
      }
      steps.append(.loop(pipeline, range: pipeline.range))
    }
    try expect(.rightBrace, "`}` after the task's steps")
    var timing = SubscriptionTiming()
    try parseTimes(into: &timing)
    return .task(steps: steps, timing: timing, range: start.union(range(to: previousEnd)))
  }

  /// `@250ms`, `@250ms..600ms` or `@..600ms` after a bare pipeline or a task.
  private mutating func parseTimes(into timing: inout SubscriptionTiming) throws(Failure) {
    guard at(.at) else { return }
    advance()
    if at(.dotDot) {
      advance()
      timing.cancelAt = try parseTime(for: "@..")
    } else {
      timing.subscribeAt = try parseTime(for: "@")
      if at(.dotDot) {
        advance()
        timing.cancelAt = try parseTime(for: "@..")
      }
    }
  }

  /// `sink strong vm` and `store vm` after a bare pipeline, in this order.
  private mutating func parseHolders(into timing: inout SubscriptionTiming) throws(Failure) {
    if current.kind.identifier == StatementName.sink.rawValue {
      let start = current.range
      advance()
      guard let strength = current.kind.identifier, strength == "strong" || strength == "weak" else {
        throw failure(
          "`sink` after a pipeline says what its closure captures: `sink strong vm` or `sink weak vm`",
          expected: "`strong` or `weak`")
      }
      advance()
      let owner = try parseOwnerName(after: "sink \(strength)", example: "sink \(strength) vm")
      timing.capture = SinkCapture(owner: owner, isStrong: strength == "strong", range: start.union(owner.range))
    }
    if current.kind.identifier == StatementName.store.rawValue {
      advance()
      timing.storedIn = try parseOwnerName(after: "store", example: "store vm")
    }
  }

  /// The name of an owner this program declared with `let NAME = owner`.
  private mutating func parseOwnerName(after keyword: String, example: String) throws(Failure) -> Name {
    guard case .identifier(let text) = current.kind else {
      throw failure(
        "`\(keyword)` needs the name of an owner, like `\(example)` after `let vm = owner`",
        expected: "an owner's name")
    }
    let name = Name(text, range: current.range)
    guard ownerNames.contains(text) else {
      let note =
        boundNames.contains(text)
        ? "`\(text)` is a pipeline; an owner is declared with `let \(text) = owner`"
        : "declare it first in this input: `let \(text) = owner`"
      throw Failure(
        diagnostic: Diagnostic(
          "`\(text)` is not an owner", at: name.range, expected: "an owner's name",
          suggestion: Suggestion.closest(to: text, among: ownerNames.sorted()), note: note))
    }
    advance()
    return name
  }

  private mutating func parseNewName() throws(Failure) -> Name {
    guard case .identifier(let text) = current.kind else {
      throw failure("`let` needs a name, like `let clicks = marbles \"-a--b|\"`", expected: "a name")
    }
    if Keywords.keyword(named: text, role: .source) != nil || StatementName(rawValue: text) != nil || text == "in" {
      throw failure("`\(text)` is a keyword and cannot be bound; choose another name")
    }
    let name = Name(text, range: current.range)
    advance()
    return name
  }

  private func checkBound(_ name: Name) throws(Failure) {
    guard !boundNames.contains(name.text) else { return }
    throw Failure(
      diagnostic: Diagnostic(
        "`\(name.text)` is not bound", at: name.range, expected: "a name bound with `let`",
        suggestion: Suggestion.closest(to: name.text, among: boundNames.sorted())))
  }

  private mutating func expectStatementEnd() throws(Failure) {
    if at(.newline) || at(.semicolon) || at(.endOfInput) { return }
    if at(.rightBrace) || at(.rightParen) || at(.rightBracket) {
      throw failure("unmatched `\(current.kind.symbol ?? "")`")
    }
    throw failure(
      "unexpected \(current.kind.spelledAfterUnexpected) after the end of the pipeline",
      expected: "`|` and an operator, `@` and a time, `;` or a new line")
  }

  private mutating func skipToStatementEnd() {
    while !at(.endOfInput) && !at(.newline) && !at(.semicolon) { advance() }
  }

  // MARK: - Pipelines

  /// A pipeline; `endsInLoop` for a bare pipeline, whose last stage may be
  /// `values each T`: a `for await` loop reads the pipeline there and
  /// nothing can follow it, be bound to a name or nest in another pipeline.
  private mutating func parsePipeline(endsInLoop: Bool = false) throws(Failure) -> Pipeline {
    try enter()
    defer { depth -= 1 }
    pipelineDepths.append(0)
    let source = try parseSource()
    var operators: [OperatorStage] = []
    while true {
      if at(.pipe) {
        if let loop = operators.last, case .values = loop.kind {
          throw Failure(
            diagnostic: Diagnostic(
              "nothing comes after `values`: it is the `for await` loop that reads the pipeline", at: current.range,
              expected: "`values` as the last stage"))
        }
        advance()
        while at(.newline) { advance() }
        let stage = try parseOperator()
        if case .values = stage.kind, !endsInLoop {
          throw Failure(
            diagnostic: Diagnostic(
              "`values` is a `for await` loop: it ends a bare pipeline, and cannot be bound or used inside another",
              at: stage.range,
              expected: "the pipeline bound without it, and `NAME | values each 200ms` on a line of its own"))
        }
        operators.append(stage)
      } else if at(.newline), nextNonNewline == .pipe {
        // A line starting with `|` continues the pipeline above it.
        while at(.newline) { advance() }
      } else {
        break
      }
    }
    lastDepth = (pipelineDepths.popLast() ?? 0) + 1
    // The pipeline is one level above its longest expression, which was
    // already checked; this level must not refuse that expression again.
    try checkTreeDepth(at: source.range, levelsAbove: 1)
    let end = operators.last?.range ?? source.range
    return Pipeline(source: source, operators: operators, range: source.range.union(end))
  }

  private var nextNonNewline: TokenKind {
    var position = index
    while position < tokens.count - 1, tokens[position].kind == .newline { position += 1 }
    return tokens[position].kind
  }

  /// A stream argument: a bound name, a closure parameter, or `{ PIPELINE }`.
  private mutating func parseStreamArgument(for keyword: Keyword) throws(Failure) -> Pipeline {
    if at(.leftBrace) {
      return try parseBracedPipeline()
    }
    if case .identifier(let name) = current.kind {
      let stage = SourceStage(
        kind: .name(Name(name, range: current.range)), keyword: Name(name, range: current.range), range: current.range)
      guard isStreamName(name) else {
        throw Failure(
          diagnostic: Diagnostic(
            "`\(name)` is not a bound stream", at: current.range,
            expected: "a stream: a bound name or `{ pipeline }`, like `\(keyword.example)`",
            suggestion: Suggestion.closest(to: name, among: streamNames),
            note: Keywords.keyword(named: name, role: .source) != nil
              ? "put a pipeline in braces to use it here, like `{ \(name) … }`" : nil))
      }
      advance()
      return Pipeline(source: stage, operators: [], range: stage.range)
    }
    throw failure(keyword.usage + "; a stream is a bound name or `{ pipeline }`", expected: "a stream")
  }

  private mutating func parseBracedPipeline() throws(Failure) -> Pipeline {
    try expect(.leftBrace, "`{`")
    while at(.newline) { advance() }
    let pipeline = try parsePipeline()
    try expect(.rightBrace, "`}` to close the braced pipeline")
    return pipeline
  }

  private var streamNames: [String] { boundNames.sorted() + parameterScopes.joined() }

  private func isStreamName(_ name: String) -> Bool {
    boundNames.contains(name) || parameterScopes.contains { $0.contains(name) }
  }

  // MARK: - Sources

  private mutating func parseSource() throws(Failure) -> SourceStage {
    let start = current.range
    if at(.leftBrace) {
      let pipeline = try parseBracedPipeline()
      return SourceStage(
        kind: .group(pipeline), keyword: Name("{", range: start), range: start.union(range(to: previousEnd)))
    }
    guard case .identifier(let name) = current.kind else {
      throw failure(
        "expected a source, found \(current.kind.spelled)", expected: "a source such as `just 1,2,3` or a bound name")
    }
    let keywordName = Name(name, range: current.range)
    if isStreamName(name) {
      advance()
      return SourceStage(kind: .name(keywordName), keyword: keywordName, range: start)
    }
    guard let keyword = Keywords.keyword(named: name, role: .source), let sourceName = keyword.sourceName else {
      if ownerNames.contains(name) {
        throw failure(
          "`\(name)` is an owner: it holds subscriptions and sends nothing",
          expected:
            "a source such as `just 1,2,3` or a bound name; store a pipeline in it with `PIPELINE store \(name)`")
      }
      if let op = Keywords.keyword(named: name, role: .operator) {
        throw failure(
          "`\(name)` is an operator; a pipeline starts with a source",
          expected: "a source, like `just 1,2,3 | \(op.example)`")
      }
      throw Failure(
        diagnostic: Diagnostic(
          "unknown source `\(name)`", at: current.range, expected: "a source such as `just 1,2,3` or a bound name",
          // Right after `let NAME =`, `owner` is a choice too (`let vm = ownr`).
          suggestion: Suggestion.closest(
            to: name,
            among: Keywords.sources.map(\.name) + streamNames
              + (index > 0 && tokens[index - 1].kind == .assign ? [StatementName.owner.rawValue] : []))
            ?? (metaCommands.contains(":" + name)
              ? ":" + name : Suggestion.closest(to: ":" + name, among: metaCommands))))
    }
    advance()
    let kind = try parseSourceArguments(sourceName, keyword)
    return SourceStage(kind: kind, keyword: keywordName, range: start.union(range(to: previousEnd)))
  }

  private mutating func parseSourceArguments(_ source: SourceName, _ keyword: Keyword) throws(Failure) -> SourceKind {
    if keyword.arguments != .none { try requireArgument(keyword) }
    switch source {
    case .just: return .just(try parseValueList())
    case .range:
      let from = try parseExpression(minimumPrecedence: BinaryOperator.additionPrecedence)
      let closed: Bool
      switch current.kind {
      case .ellipsis: closed = true
      case .halfOpenRange: closed = false
      default:
        throw failure("`range` needs `...` or `..<` between its bounds, like `range 1...5`", expected: "`...` or `..<`")
      }
      advance()
      try requireArgument(keyword)
      let to = try parseExpression(minimumPrecedence: BinaryOperator.additionPrecedence)
      return .range(from: from, to: to, closed: closed)
    case .empty: return .empty
    case .never: return .never
    case .fail: return .fail(message: try parseMessage(keyword))
    case .interval: return .interval(period: try parseTime(for: keyword))
    case .timer: return .timer(delay: try parseTime(for: keyword))
    case .marbles:
      guard case .string(let diagram) = current.kind else {
        throw failure(keyword.usage, expected: "a marble string in double quotes")
      }
      let diagramRange = current.range
      advance()
      var frame: Expr?
      if current.kind.identifier == "frame" {
        advance()
        frame = try parseTime(for: "frame")
      }
      return .marbles(diagram: diagram, diagramRange: diagramRange, frame: frame)
    case .events: return .events(try parseTimedSends(keyword))
    case .subject: return .subject(try parseTimedSends(keyword))
    case .current:
      let initial = try parseExpression()
      var sends: [TimedSend] = []
      if at(.comma) {
        advance()
        sends = try parseTimedSends(keyword)
      }
      return .current(initial: initial, sends: sends)
    case .published:
      let initial = try parseExpression()
      var sends: [TimedSend] = []
      if at(.comma) {
        advance()
        sends = try parseTimedSends(keyword)
      }
      // An @Published property has no completion to send.
      if let ending = sends.first(where: { if case .value = $0.event { false } else { true } }) {
        throw Failure(
          diagnostic: Diagnostic(
            "an @Published property never finishes or fails, so `published` takes values only",
            at: ending.range, expected: "a time and a value, like `100ms:1`"))
      }
      return .published(initial: initial, sends: sends)
    case .future:
      let delay = try parseTime(for: keyword, juxtaposed: true)
      try requireArgument(keyword)
      return .future(delay: delay, value: try parseExpression())
    case .deferred:
      guard at(.leftBrace) else { throw failure(keyword.usage, expected: "`{` and a pipeline") }
      return .deferred(try parseBracedPipeline())
    }
  }

  private mutating func parseTimedSends(_ keyword: Keyword) throws(Failure) -> [TimedSend] {
    var sends: [TimedSend] = []
    repeat {
      if !sends.isEmpty { advance() }
      try requireArgument(keyword)
      let time = try parseTime(for: keyword)
      try expect(.colon, "`:` after the time, like `100ms:1`")
      let event: TimedSend.Event
      switch current.kind {
      case .pipe:
        advance()
        event = .finished
      case .or:
        // `900ms:|| map x` is `900ms:|` followed by `| map x`.
        let range = current.range
        tokens[index] = Token(.pipe, range: SourceRange(start: range.start + 1, end: range.end))
        event = .finished
      case .hash:
        advance()
        if case .string = current.kind {
          event = .failed(message: try parsePostfixExpression())
        } else {
          event = .failed(message: nil)
        }
      default:
        if isArgumentEnd {
          throw failure("`:` needs a value, `|` or `#` after it", expected: "a value, `|` (finished) or `#` (failure)")
        }
        event = .value(try parseExpression())
      }
      sends.append(TimedSend(time: time, event: event, range: time.range.union(range(to: previousEnd))))
    } while at(.comma)
    return sends
  }

  private mutating func parseValueList() throws(Failure) -> [Expr] {
    var values = [try parseExpression()]
    while at(.comma) {
      advance()
      values.append(try parseExpression())
    }
    return values
  }

  // MARK: - Operators

  private mutating func parseOperator() throws(Failure) -> OperatorStage {
    let start = current.range
    guard case .identifier(let name) = current.kind else {
      throw failure(
        "expected an operator after `|`, found \(current.kind.spelled)", expected: "an operator such as `map x * 2`")
    }
    guard let keyword = Keywords.keyword(named: name, role: .operator), let operatorName = keyword.operatorName else {
      let note: String? =
        Keywords.keyword(named: name, role: .source) != nil || isStreamName(name)
        ? "`\(name)` is a source; to combine it use `merge`, `zip` or `flatMap`" : nil
      throw Failure(
        diagnostic: Diagnostic(
          "unknown operator `\(name)`", at: current.range, expected: "an operator such as `map` or `filter`",
          suggestion: Suggestion.closest(to: name, among: Keywords.operators.map(\.name)), note: note))
    }
    let keywordName = Name(name, range: current.range)
    advance()
    let kind = try parseOperatorArguments(operatorName, keyword)
    if !isArgumentEnd {
      let message =
        keyword.arguments == .none
        ? keyword.usage : "unexpected \(current.kind.spelledAfterUnexpected) after the arguments of `\(keyword.name)`"
      throw failure(message, expected: "`|`, `;` or a new line")
    }
    return OperatorStage(kind: kind, keyword: keywordName, range: start.union(range(to: previousEnd)))
  }

  private mutating func parseOperatorArguments(_ op: OperatorName, _ keyword: Keyword) throws(Failure) -> OperatorKind {
    switch keyword.arguments {
    case .none, .optionalWhere, .optionalCountOrWhile, .optionalBy, .collect, .optionalMessage, .valuesEach: break
    default: try requireArgument(keyword)
    }
    switch op {
    case .map: return .map(try parseExpression())
    case .tryMap: return .tryMap(try parseExpression())
    case .compactMap: return .compactMap(try parseExpression())
    case .tryCompactMap: return .tryCompactMap(try parseExpression())
    case .filter: return .filter(try parseExpression())
    case .tryFilter: return .tryFilter(try parseExpression())
    case .mapError: return .mapError(try parseExpression())
    case .allSatisfy: return .allSatisfy(try parseExpression())
    case .tryAllSatisfy: return .tryAllSatisfy(try parseExpression())
    case .scan:
      let (initial, body) = try parseInitialAndClosure(keyword)
      return .scan(initial: initial, body)
    case .tryScan:
      let (initial, body) = try parseInitialAndClosure(keyword)
      return .tryScan(initial: initial, body)
    case .reduce:
      let (initial, body) = try parseInitialAndClosure(keyword)
      return .reduce(initial: initial, body)
    case .tryReduce:
      let (initial, body) = try parseInitialAndClosure(keyword)
      return .tryReduce(initial: initial, body)
    case .flatMap:
      var maximum: Expr?
      if current.kind.identifier == "max", !isCallParenthesis(after: current) {
        advance()
        try requireArgument(keyword)
        maximum = try parseCount(for: keyword, juxtaposed: true)
        try requireArgument(keyword)
      }
      return .flatMap(maxPublishers: maximum, try parseExpression())
    case .switchToLatest: return .switchToLatest
    case .collect: return .collect(try parseCollectStrategy(keyword))
    case .removeDuplicates:
      guard current.kind.identifier == "by" else { return .removeDuplicates }
      advance()
      try requireArgument(keyword)
      return .removeDuplicatesBy(try parseExpression())
    case .first: return .first(where: try parseOptionalWhere(keyword))
    case .last: return .last(where: try parseOptionalWhere(keyword))
    case .tryFirst:
      try expectWord("where", keyword)
      return .tryFirst(where: try parseExpression())
    case .tryLast:
      try expectWord("where", keyword)
      return .tryLast(where: try parseExpression())
    case .prefix:
      if current.kind.identifier == "untilOutputFrom" {
        advance()
        try requireArgument(keyword)
        return .prefixUntilOutput(try parseStreamArgument(for: keyword))
      }
      if current.kind.identifier == "while" {
        advance()
        try requireArgument(keyword)
        return .prefixWhile(try parseExpression())
      }
      return .prefix(try parseCount(for: keyword))
    case .tryPrefix:
      try expectWord("while", keyword)
      return .tryPrefixWhile(try parseExpression())
    case .tryDrop:
      try expectWord("while", keyword)
      return .tryDropWhile(try parseExpression())
    case .dropFirst:
      if current.kind.identifier == "untilOutputFrom" {
        advance()
        try requireArgument(keyword)
        return .dropUntilOutput(try parseStreamArgument(for: keyword))
      }
      if current.kind.identifier == "while" {
        advance()
        try requireArgument(keyword)
        return .dropWhile(try parseExpression())
      }
      return .dropFirst(isArgumentEnd ? nil : try parseCount(for: keyword))
    case .output:
      try expectWord("at", keyword)
      return .output(at: try parseCount(for: keyword))
    case .ignoreOutput: return .ignoreOutput
    case .debounce: return .debounce(try parseTime(for: keyword))
    case .delay: return .delay(try parseTime(for: keyword))
    case .throttle:
      let interval = try parseTime(for: keyword)
      var latest = true
      if current.kind.identifier == "latest" {
        advance()
        try expect(.colon, "`:` after `latest`, like `throttle 300ms latest: false`")
        switch current.kind.identifier {
        case "true": latest = true
        case "false": latest = false
        default: throw failure("`latest:` needs `true` or `false`", expected: "`true` or `false`")
        }
        advance()
      }
      return .throttle(interval, latest: latest)
    case .timeout:
      let interval = try parseTime(for: keyword)
      var failureMessage: Expr?
      if current.kind.identifier == "fail" {
        advance()
        try requireArgument(keyword)
        failureMessage = try parseMessage(keyword)
      }
      return .timeout(interval, failure: failureMessage)
    case .measureInterval: return .measureInterval
    case .merge: return .merge(try parseStreamList(keyword))
    case .zip:
      let (streams, transform) = try parseStreamsAndTransform(keyword)
      return .zip(streams, transform: transform)
    case .combineLatest:
      let (streams, transform) = try parseStreamsAndTransform(keyword)
      return .combineLatest(streams, transform: transform)
    case .append: return .append(try parseAppendedElements())
    case .prepend: return .prepend(try parseAppendedElements())
    case .catch: return .catch(try parseStreamArgument(for: keyword))
    case .tryCatch: return .tryCatch(try parseExpression())
    case .replaceError: return .replaceError(try parseExpression())
    case .retry: return .retry(try parseCount(for: keyword))
    case .replaceEmpty: return .replaceEmpty(try parseExpression())
    case .share: return .share
    case .multicast: return .multicast
    case .makeConnectable: return .makeConnectable
    case .autoconnect: return .autoconnect
    case .buffer: return try parseBuffer(keyword)
    case .values:
      guard current.kind.identifier == "each" else { return .values(each: nil) }
      advance()
      return .values(each: try parseTime(for: keyword))
    case .count: return .count
    case .min: return .min
    case .max: return .max
    case .contains: return .contains(try parseExpression())
    case .receive: return .receiveOn(try parseScheduler(keyword))
    case .subscribe: return .subscribeOn(try parseScheduler(keyword))
    case .print: return .print(tag: isArgumentEnd ? nil : try parseMessage(keyword))
    case .handleEvents: return .handleEvents(try parseEventHandlers(keyword))
    case .eraseToAnyPublisher: return .eraseToAnyPublisher
    case .setFailureType: return .setFailureType
    case .assertNoFailure: return .assertNoFailure(prefix: isArgumentEnd ? nil : try parseMessage(keyword))
    case .replaceNil: return .replaceNil(try parseExpression())
    }
  }

  /// `on main`, `on DispatchQueue.main`, `on DispatchQueue.global()`: the
  /// scheduler is read as a Swift expression and matched by its spelling.
  private mutating func parseScheduler(_ keyword: Keyword) throws(Failure) -> SchedulerName {
    try expectWord("on", keyword)
    let expr = try parsePostfixExpression()
    guard let spelling = Parser.schedulerSpelling(expr), let scheduler = SchedulerName(rawValue: spelling) else {
      throw Failure(
        diagnostic: Diagnostic(
          "`\(keyword.name) on` needs a scheduler; every scheduler is the one virtual clock", at: expr.range,
          expected: "one of \(SchedulerName.spellings)"))
    }
    return scheduler
  }

  /// `DispatchQueue.global()` as written, or nil for anything else than names, members and empty calls.
  private static func schedulerSpelling(_ expr: Expr) -> String? {
    switch expr.kind {
    case .identifier(let name): return name
    case .member(let base, let name): return schedulerSpelling(base).map { $0 + "." + name }
    case .call(let callee, let arguments) where arguments.isEmpty: return schedulerSpelling(callee).map { $0 + "()" }
    default: return nil
    }
  }

  /// `buffer 3`, then `prefetch: byRequest|keepFull` and `whenFull:
  /// dropOldest|dropNewest|fail "msg"`, each at most once, in either order.
  /// `output: E, completion: E, …`: each label at most once, in any order.
  private mutating func parseEventHandlers(_ keyword: Keyword) throws(Failure) -> [EventHandler] {
    var handlers: [EventHandler] = []
    let labels = HandledEvent.allCases.map { "`\($0.rawValue):`" }.joined(separator: ", ")
    repeat {
      if !handlers.isEmpty { advance() }
      guard let word = current.kind.identifier, let event = HandledEvent(rawValue: word) else {
        throw failure("handleEvents needs a label, one of \(labels)", expected: "a label such as `output:`")
      }
      if handlers.contains(where: { $0.event == event }) {
        throw failure("`\(word):` is given twice", expected: "another label or the end of the stage")
      }
      advance()
      try expect(.colon, "`:` after `\(word)`, like `handleEvents \(word): x`")
      try requireArgument(keyword)
      handlers.append(EventHandler(event: event, body: try parseExpression()))
    } while at(.comma)
    return handlers
  }

  private mutating func parseBuffer(_ keyword: Keyword) throws(Failure) -> OperatorKind {
    let size = try parseCount(for: keyword)
    var prefetch: BufferPrefetch?
    var whenFull: BufferWhenFull?
    while let option = current.kind.identifier, option == "prefetch" || option == "whenFull" {
      if option == "prefetch" ? prefetch != nil : whenFull != nil {
        throw failure("`\(option):` is given twice", expected: "`|`, `;` or a new line")
      }
      advance()
      try expect(
        .colon, "`:` after `\(option)`, like `buffer 3 \(option): \(option == "prefetch" ? "keepFull" : "dropOldest")`")
      let word = current.kind.identifier
      if option == "prefetch" {
        guard let word, let strategy = BufferPrefetch(rawValue: word) else {
          throw failure("`prefetch:` needs `byRequest` or `keepFull`", expected: "`byRequest` or `keepFull`")
        }
        advance()
        prefetch = strategy
      } else {
        switch word {
        case "dropOldest": whenFull = .dropOldest
        case "dropNewest": whenFull = .dropNewest
        case "fail":
          advance()
          try requireArgument(keyword)
          whenFull = .fail(message: try parseMessage(keyword))
          continue
        default:
          throw failure(
            "`whenFull:` needs `dropOldest`, `dropNewest` or `fail \"message\"`",
            expected: "`dropOldest`, `dropNewest` or `fail \"message\"`")
        }
        advance()
      }
    }
    return .buffer(size: size, prefetch: prefetch ?? .byRequest, whenFull: whenFull ?? .dropOldest)
  }

  /// `scan 0, acc + x`: the initial value, `,` and the closure.
  private mutating func parseInitialAndClosure(_ keyword: Keyword) throws(Failure) -> (Expr, Expr) {
    let initial = try parseExpression()
    guard at(.comma) else { throw failure(keyword.usage, expected: "`,` and a closure after the initial value") }
    advance()
    try requireArgument(keyword)
    return (initial, try parseExpression())
  }

  /// `first`, `first where E`: nil when there is no condition.
  private mutating func parseOptionalWhere(_ keyword: Keyword) throws(Failure) -> Expr? {
    if current.kind.identifier == "where" {
      advance()
      try requireArgument(keyword)
      return try parseExpression()
    }
    if !isArgumentEnd { throw failure(keyword.usage, expected: "`where` and a condition, or nothing") }
    return nil
  }

  /// `zip S`, `combineLatest S, S { a, b in … }`.
  private mutating func parseStreamsAndTransform(_ keyword: Keyword) throws(Failure) -> ([Pipeline], Expr?) {
    let streams = try parseStreamList(keyword)
    return (streams, at(.leftBrace) ? try parsePrimaryExpression() : nil)
  }

  private mutating func parseStreamList(_ keyword: Keyword) throws(Failure) -> [Pipeline] {
    var streams = [try parseStreamArgument(for: keyword)]
    while at(.comma) {
      advance()
      try requireArgument(keyword)
      streams.append(try parseStreamArgument(for: keyword))
    }
    return streams
  }

  /// `append S` when the argument is a stream, otherwise values: `append 4, 5`.
  private mutating func parseAppendedElements() throws(Failure) -> AppendedElements {
    if case .identifier(let name) = current.kind, isStreamName(name) {
      let next = tokens[min(index + 1, tokens.count - 1)].kind
      if next != .comma, !BinaryOperator.isBinary(next), next != .dot {
        let stage = SourceStage(
          kind: .name(Name(name, range: current.range)), keyword: Name(name, range: current.range), range: current.range
        )
        advance()
        return .stream(Pipeline(source: stage, operators: [], range: stage.range))
      }
    }
    let values = try parseValueList()
    if values.count == 1, case .stream(let pipeline) = values[0].kind {
      return .stream(pipeline)
    }
    return .values(values)
  }

  private mutating func parseCollectStrategy(_ keyword: Keyword) throws(Failure) -> CollectStrategy {
    if isArgumentEnd { return .all }
    let first = try parseExpression()
    guard Parser.looksLikeTime(first) else {
      try checkCount(first, for: keyword)
      return .count(first)
    }
    if current.kind.identifier == "or" {
      advance()
      try requireArgument(keyword)
      return .timeOrCount(time: first, count: try parseCount(for: keyword))
    }
    return .time(first)
  }

  // MARK: - Arguments of a known kind

  private mutating func parseTime(for keyword: Keyword, juxtaposed: Bool = false) throws(Failure) -> Expr {
    try parseTime(for: keyword.name, usage: keyword.usage, juxtaposed: juxtaposed)
  }

  private mutating func parseTime(for name: String, usage: String? = nil, juxtaposed: Bool = false) throws(Failure)
    -> Expr
  {
    let example = name == "@" ? "@250ms" : name == "@.." ? "@..600ms" : name + " 300ms"
    let usage = usage ?? "`\(name)` needs a time, like `\(example)`"
    if isArgumentEnd { throw failure(usage, expected: "a time") }
    let expr = juxtaposed ? try parsePostfixExpression() : try parseExpression()
    switch expr.kind {
    case .int(let number):
      throw Failure(
        diagnostic: Diagnostic(
          "a time needs a unit, like \(number)ms", at: expr.range, expected: "a time such as `\(number)ms` or `1s`"))
    case .double(let number):
      throw Failure(
        diagnostic: Diagnostic(
          "a time needs a unit, like \(Value.double(number))s", at: expr.range,
          expected: "a time such as `300ms` or `1.5s`"))
    case .string, .bool, .null, .array, .tuple, .closure, .stream:
      throw Failure(
        diagnostic: Diagnostic(usage + "; found \(Parser.kindName(expr))", at: expr.range, expected: "a time"))
    default:
      return expr
    }
  }

  private mutating func parseCount(for keyword: Keyword, juxtaposed: Bool = false) throws(Failure) -> Expr {
    if isArgumentEnd { throw failure(keyword.usage, expected: "a count") }
    let expr = juxtaposed ? try parsePostfixExpression() : try parseExpression()
    try checkCount(expr, for: keyword)
    return expr
  }

  private func checkCount(_ expr: Expr, for keyword: Keyword) throws(Failure) {
    switch expr.kind {
    case .time, .double, .string, .bool, .null, .array, .tuple, .closure, .stream:
      throw Failure(
        diagnostic: Diagnostic(
          "`\(keyword.name)` needs a count (a whole number) here; found \(Parser.kindName(expr))", at: expr.range,
          expected: "a count, like `\(keyword.name == "output" ? "output at 2" : keyword.name + " 3")`"))
    default: return
    }
  }

  private mutating func parseMessage(_ keyword: Keyword) throws(Failure) -> Expr {
    let expr = try parseExpression()
    switch expr.kind {
    case .time, .closure, .stream, .array, .tuple:
      throw Failure(
        diagnostic: Diagnostic(
          keyword.usage + "; found \(Parser.kindName(expr))", at: expr.range, expected: "a message string"))
    default: return expr
    }
  }

  /// Whether an argument is meant as a time: it contains a time literal (`300ms`, `x * 100ms`).
  static func looksLikeTime(_ expr: Expr) -> Bool {
    switch expr.kind {
    case .time: return true
    case .unary(_, let operand): return looksLikeTime(operand)
    case .binary(_, let lhs, let rhs): return looksLikeTime(lhs) || looksLikeTime(rhs)
    case .ternary(_, let lhs, let rhs): return looksLikeTime(lhs) || looksLikeTime(rhs)
    default: return false
    }
  }

  static func kindName(_ expr: Expr) -> String {
    switch expr.kind {
    case .int: return "a whole number"
    case .double: return "a number"
    case .string: return "a string"
    case .bool: return "a Bool"
    case .null: return "nil"
    case .time: return "a time"
    case .array: return "an array"
    case .tuple: return "a tuple"
    case .closure: return "a closure"
    case .stream: return "a stream"
    default: return "an expression"
    }
  }

  // MARK: - Expressions

  private mutating func parseExpression(minimumPrecedence: Int = 0) throws(Failure) -> Expr {
    try enter()
    defer { depth -= 1 }
    var expr = try parseBinary(minimumPrecedence: max(minimumPrecedence, 1))
    var depthSoFar = lastDepth
    if minimumPrecedence == 0, at(.question) {
      advance()
      let then = try parseExpression()
      depthSoFar = max(depthSoFar, lastDepth)
      try expect(.colon, "`:` and the value for false, like `x > 0 ? x : 0`")
      let otherwise = try parseExpression()
      expr = try node(
        .ternary(expr, then, otherwise), expr.range.union(otherwise.range), depth: max(depthSoFar, lastDepth) + 1)
    }
    if let last = pipelineDepths.indices.last { pipelineDepths[last] = max(pipelineDepths[last], lastDepth) }
    return expr
  }

  /// Precedence climbing; chains of one operator are loops, so `1+1+…+1` does not recurse.
  private mutating func parseBinary(minimumPrecedence: Int) throws(Failure) -> Expr {
    var lhs = try parseUnary()
    var lhsDepth = lastDepth
    while let op = BinaryOperator(current.kind), op.precedence >= minimumPrecedence {
      advance()
      while at(.newline) { advance() }
      if op.isRightAssociative {
        // `a ?? b ?? c` is `a ?? (b ?? c)`: gather the operands, then fold from the right.
        var operands = [(lhs, lhsDepth)]
        operands.append((try parseBinary(minimumPrecedence: op.precedence + 1), lastDepth))
        while let next = BinaryOperator(current.kind), next == op {
          advance()
          operands.append((try parseBinary(minimumPrecedence: op.precedence + 1), lastDepth))
        }
        var (folded, foldedDepth) = operands.removeLast()
        while let (operand, operandDepth) = operands.popLast() {
          foldedDepth = max(foldedDepth, operandDepth) + 1
          folded = try node(
            .binary(op: op.symbol, operand, folded), operand.range.union(folded.range), depth: foldedDepth)
        }
        (lhs, lhsDepth) = (folded, foldedDepth)
      } else {
        let rhs = try parseBinary(minimumPrecedence: op.precedence + 1)
        lhsDepth = max(lhsDepth, lastDepth) + 1
        lhs = try node(.binary(op: op.symbol, lhs, rhs), lhs.range.union(rhs.range), depth: lhsDepth)
      }
    }
    lastDepth = lhsDepth
    return lhs
  }

  private mutating func parseUnary() throws(Failure) -> Expr {
    let start = current.range
    let op: String
    switch current.kind {
    case .minus: op = "-"
    case .not: op = "!"
    default: return try parsePostfixExpression()
    }
    advance()
    try enter()
    defer { depth -= 1 }
    let operand = try parseUnary()
    let range = start.union(operand.range)
    if op == "-" {
      // Fold negative literals so `-5` is the number -5, as Swift reads it.
      switch operand.kind {
      case .int(let number): return try node(.int(0 &- number), range, depth: 1)
      case .double(let number): return try node(.double(-number), range, depth: 1)
      case .time(let interval): return try node(.time(.nanoseconds(0 &- interval.nanoseconds)), range, depth: 1)
      default: break
      }
    }
    return try node(.unary(op: op, operand), range, depth: lastDepth + 1)
  }

  private mutating func parsePostfixExpression() throws(Failure) -> Expr {
    var expr = try parsePrimaryExpression()
    var exprDepth = lastDepth
    while true {
      if at(.dot) {
        advance()
        let name: String
        switch current.kind {
        case .identifier(let text): name = text
        case .int(let number): name = String(number)
        default: throw failure("expected a member name after `.`", expected: "a member such as `count` or `0`")
        }
        exprDepth += 1
        expr = try node(.member(expr, name: name), expr.range.union(current.range), depth: exprDepth)
        advance()
      } else if at(.leftParen), current.range.start == expr.range.end {
        // Only an adjacent `(` is a call, as in Swift: `future 200ms (1, 2)` is two arguments.
        advance()
        var arguments: [Expr] = []
        while !at(.rightParen) {
          if !arguments.isEmpty { try expect(.comma, "`,` or `)` in the argument list") }
          arguments.append(try parseExpression())
          exprDepth = max(exprDepth, lastDepth)
        }
        let close = current.range
        advance()
        exprDepth += 1
        expr = try node(.call(callee: expr, arguments: arguments), expr.range.union(close), depth: exprDepth)
      } else {
        break
      }
    }
    lastDepth = exprDepth
    return expr
  }

  private mutating func parsePrimaryExpression() throws(Failure) -> Expr {
    let token = current
    switch token.kind {
    case .int(let number):
      advance()
      return try node(.int(number), token.range, depth: 1)
    case .double(let number):
      advance()
      return try node(.double(number), token.range, depth: 1)
    case .string(let text):
      advance()
      return try node(.string(text), token.range, depth: 1)
    case .time(let interval):
      advance()
      return try node(.time(interval), token.range, depth: 1)
    case .dollar(let position):
      advance()
      return try node(.identifier("$\(position)"), token.range, depth: 1)
    case .identifier(let name):
      advance()
      switch name {
      case "true": return try node(.bool(true), token.range, depth: 1)
      case "false": return try node(.bool(false), token.range, depth: 1)
      case "nil": return try node(.null, token.range, depth: 1)
      default: return try node(.identifier(name), token.range, depth: 1)
      }
    case .leftBracket:
      advance()
      try enter()
      defer { depth -= 1 }
      var items: [Expr] = []
      var itemsDepth = 0
      while !at(.rightBracket) {
        if !items.isEmpty {
          try expect(.comma, "`,` or `]` in the array")
          if at(.rightBracket) { break }
        }
        items.append(try parseExpression())
        itemsDepth = max(itemsDepth, lastDepth)
      }
      let close = current.range
      advance()
      return try node(.array(items), token.range.union(close), depth: itemsDepth + 1)
    case .leftParen:
      advance()
      try enter()
      defer { depth -= 1 }
      var items: [Expr] = []
      var itemsDepth = 0
      while !at(.rightParen) {
        if !items.isEmpty { try expect(.comma, "`,` or `)`") }
        items.append(try parseExpression())
        itemsDepth = max(itemsDepth, lastDepth)
      }
      let close = current.range
      advance()
      if items.count == 1 {
        lastDepth = itemsDepth
        return Expr(items[0].kind, range: token.range.union(close))
      }
      if items.isEmpty {
        throw Failure(diagnostic: Diagnostic("`()` is not a value", at: token.range.union(close), expected: "a value"))
      }
      return try node(.tuple(items), token.range.union(close), depth: itemsDepth + 1)
    case .leftBrace:
      return try parseBraced()
    default:
      throw failure(
        "expected a value, found \(token.kind.spelled)", expected: "a value such as `x`, `1`, `\"text\"` or `{ … }`")
    }
  }

  /// `{ a, b in BODY }`, `{ $0 + 1 }` or `{ PIPELINE }`.
  private mutating func parseBraced() throws(Failure) -> Expr {
    let open = current.range
    let openIndex = index
    advance()
    try enter()
    defer { depth -= 1 }
    while at(.newline) { advance() }
    let (parameters, parameterTokens) = closureParameters()
    // Skip `a, b in` or `(a, b) in`.
    index += parameterTokens
    parameterScopes.append(parameters)
    defer { parameterScopes.removeLast() }
    let body: Expr
    if braceHoldsPipe[openIndex] || startsPipeline(ignoring: parameters) {
      let pipeline = try parsePipeline()
      body = try node(.stream(pipeline), pipeline.range, depth: lastDepth + 1)
    } else {
      body = try parseExpression()
    }
    let bodyDepth = lastDepth
    try expect(.rightBrace, "`}` to close the braces")
    let range = open.union(range(to: previousEnd))
    if parameters.isEmpty, case .stream(let pipeline) = body.kind {
      return try node(.stream(pipeline), range, depth: bodyDepth)
    }
    return try node(.closure(parameters: parameters, body: body), range, depth: bodyDepth + 1)
  }

  /// The `a, b in` or `(a, b) in` at the start of braces, if any, and how
  /// many tokens it takes (Swift accepts both for a closure's parameters).
  private func closureParameters() -> (names: [String], tokens: Int) {
    var names: [String] = []
    var position = index
    let parenthesised = tokens[position].kind == .leftParen
    if parenthesised { position += 1 }
    while case .identifier(let name) = tokens[position].kind, name != "in" {
      names.append(name)
      position += 1
      if tokens[position].kind == .comma {
        position += 1
        continue
      }
      break
    }
    if parenthesised {
      guard tokens[position].kind == .rightParen else { return ([], 0) }
      position += 1
    }
    let endsWithIn = tokens[position].kind.identifier == "in" && !names.isEmpty && tokens[position - 1].kind != .comma
    return endsWithIn ? (names, position + 1 - index) : ([], 0)
  }

  /// Whether a braced body is a pipeline: it starts with a source keyword, or
  /// is a bound name on its own or before `|`.
  private func startsPipeline(ignoring parameters: [String]) -> Bool {
    guard case .identifier(let name) = current.kind, !parameters.contains(name) else { return false }
    let next = tokens[min(index + 1, tokens.count - 1)].kind
    if boundNames.contains(name) { return next == .rightBrace || next == .pipe }
    guard Keywords.keyword(named: name, role: .source) != nil else { return false }
    // `fail("too long")` is the throwing function, `fail "boom"` the source.
    return !(name == "fail" && next == .leftParen)
  }

  private func isCallParenthesis(after token: Token) -> Bool {
    let next = tokens[min(index + 1, tokens.count - 1)]
    return next.kind == .leftParen && next.range.start == token.range.end
  }

  private mutating func node(_ kind: ExprKind, _ range: SourceRange, depth treeDepth: Int) throws(Failure) -> Expr {
    lastDepth = treeDepth
    try checkTreeDepth(at: range)
    return Expr(kind, range: range)
  }

  /// Brackets and prefix operators are held to `maximumNesting` as they are
  /// entered, so an expression tree deeper than that comes from chains of
  /// operators: the expression is too long, not too nested.
  ///
  /// A chain of n operators is a tree n + 1 deep; `levelsAbove` counts the
  /// levels a pipeline adds above its expressions.
  private func checkTreeDepth(at range: SourceRange, levelsAbove: Int = 0) throws(Failure) {
    if lastDepth > ProgramLimits.expressionLength + 1 + levelsAbove {
      throw Failure(
        diagnostic: Diagnostic(
          "this expression is too long (more than \(ProgramLimits.expressionLength.withThousandsSeparators) "
            + "operators in a row)", at: range,
          note: "split it over several stages, like `map x + … | map x + …`; `:help limits` lists every limit"))
    }
  }

  // MARK: - Token helpers

  private var current: Token { tokens[index] }

  private var previousEnd: Int { index > 0 ? tokens[index - 1].range.end : 0 }

  private func range(to end: Int) -> SourceRange { SourceRange(start: end, end: end) }

  private func at(_ kind: TokenKind) -> Bool { current.kind == kind }

  private mutating func advance() {
    if index < tokens.count - 1 { index += 1 }
  }

  /// Where an operator's or source's arguments end.
  private var isArgumentEnd: Bool {
    switch current.kind {
    case .pipe, .newline, .semicolon, .endOfInput, .rightBrace, .rightParen, .rightBracket, .at, .dotDot: return true
    // `… | map x store vm`: a holder clause ends the last stage's arguments.
    case .identifier(let word):
      guard word == StatementName.store.rawValue || word == StatementName.sink.rawValue,
        tokens.indices.contains(index + 1), case .identifier = tokens[index + 1].kind
      else { return false }
      return pipelineDepths.count <= 1
    default: return false
    }
  }

  private func isStatementEnd(_ kind: TokenKind) -> Bool {
    switch kind {
    case .newline, .semicolon, .endOfInput: return true
    default: return false
    }
  }

  private mutating func enter() throws(Failure) {
    depth += 1
    if depth > Parser.maximumNesting {
      throw failure(
        "the program is nested too deeply (more than \(Parser.maximumNesting) levels)",
        expected: "fewer nested brackets, braces or prefix operators")
    }
  }

  private func requireArgument(_ keyword: Keyword?) throws(Failure) {
    guard let keyword, isArgumentEnd else { return }
    throw Failure(
      diagnostic: Diagnostic(
        keyword.usage,
        at: current.kind == .endOfInput || current.kind == .newline ? range(to: previousEnd) : current.range,
        expected: keyword.needs))
  }

  private mutating func expect(_ kind: TokenKind, _ expected: String) throws(Failure) {
    guard at(kind) else {
      throw failure("expected \(expected), found \(current.kind.spelled)", expected: nil)
    }
    advance()
  }

  private mutating func expectWord(_ word: String, _ keyword: Keyword) throws(Failure) {
    guard current.kind.identifier == word else { throw failure(keyword.usage, expected: "`\(word)`") }
    advance()
    try requireArgument(keyword)
  }

  private func failure(_ message: String, expected: String? = nil) -> Failure {
    let at = current.kind == .endOfInput ? SourceRange(start: previousEnd, end: previousEnd) : current.range
    return Failure(diagnostic: Diagnostic(message, at: at, expected: expected))
  }
}
