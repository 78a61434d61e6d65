import StreamCore
import Testing

@testable import StreamLang

/// Ctrl-C before the run: reading, type-checking and building each look at
/// the flag every `ProgramPhase.statementsBetweenLooks` (64) statements, so
/// even a program as big as the limits allow stops within that many
/// statements' work, with nothing run or bound; a smaller program leaves the
/// flag to its run, whose diagram shows how far it got.
///
/// The flag is raised by the test, at a look it chooses: never by a sleep
/// that hopes the machine is slow enough.
@Suite struct ProgramInterruptionTests {
  /// A flag the test raises at its `raisedAtLook`-th look, as the SIGINT
  /// handler raises the shell's whenever the key is pressed.
  final class Flag {
    private(set) var looks = 0
    let raisedAtLook: Int

    init(raisedAtLook: Int) { self.raisedAtLook = raisedAtLook }

    func look() -> Bool {
      looks += 1
      return looks >= raisedAtLook
    }
  }

  /// 1,000 statements, one a line: `let a0 = just 1`, `let a1 = a0 | map x + 1`, ….
  /// Each phase looks at the flag before statements 63, 127, …, 959: 15 times.
  static let lines = BindingGrowthTests.chain(1_000)
  static let program = lines.joined(separator: "\n")
  static let looksPerPhase = 15

  @Test func readingLooksAtTheFlagEverySixtyFourStatements() throws {
    let flag = Flag(raisedAtLook: 2)
    let parsed = Parser.parse(Self.program, isInterrupted: flag.look)
    let diagnostic = try #require(parsed.diagnostics.only)
    #expect(diagnostic.message == "stopped by Ctrl-C while reading this program, before it ran")
    // Raised at the second look: 127 statements were read, the 128th was not.
    #expect(parsed.program.statements.count == 127)
    let line127 = Self.lines.prefix(127).map { $0.utf8.count + 1 }.reduce(0, +)
    #expect(diagnostic.range.start == line127)
  }

  @Test func readingLooksAtTheFlagWhileLexingALongText() throws {
    // 63 statements of 2,001 tokens each (the newline too): too few for the parser to look,
    // but the lexer looks once it has made `Lexer.tokensBetweenLooks` (16,384), and stops at the
    // end of the last whole statement, which is where reading stopped.
    let values = (1...1_000).map(String.init).joined(separator: ", ")
    let lines = (0..<63).map { "just \(values) // statement \($0)" }
    let program = lines.joined(separator: "\n")
    let parsed = Parser.parse(program, isInterrupted: Flag(raisedAtLook: 1).look)
    let diagnostic = try #require(parsed.diagnostics.only)
    #expect(diagnostic.message == "stopped by Ctrl-C while reading this program, before it ran")
    let wholeLines = Lexer.tokensBetweenLooks / 2_001
    #expect(parsed.program.statements.count == wholeLines)
    let lineStart = lines.prefix(wholeLines).map { $0.utf8.count + 1 }.reduce(0, +)
    #expect(diagnostic.range.start == lineStart)
  }

  @Test func typeCheckingLooksAtTheFlagEverySixtyFourStatements() throws {
    let parsed = Parser.parse(Self.program)
    try #require(parsed.diagnostics.isEmpty)
    let flag = Flag(raisedAtLook: 3)
    #expect {
      try TypeChecker.check(parsed.program, environment: [:], isInterrupted: flag.look)
    } throws: { error in
      guard let failure = error as? TypeCheckFailure, let diagnostic = failure.diagnostics.only else { return false }
      return diagnostic.message == "stopped by Ctrl-C while type-checking this program, before it ran"
        && diagnostic.range.text(in: Self.program) == Self.lines[191]
    }
  }

  @Test func compilingTheExpressionsLooksAtTheFlagEverySixtyFourStatements() throws {
    let parsed = Parser.parse(Self.program)
    try #require(parsed.diagnostics.isEmpty)
    let diagnostics = ExpressionCompiler().check(parsed.program, isInterrupted: Flag(raisedAtLook: 1).look)
    let diagnostic = try #require(diagnostics.only)
    #expect(diagnostic.message == "stopped by Ctrl-C while building this program, before it ran")
    #expect(diagnostic.range.text(in: Self.program) == Self.lines[63])
  }

  @Test func buildingLooksAtTheFlagEverySixtyFourStatements() throws {
    let parsed = Parser.parse(Self.program)
    try #require(parsed.diagnostics.isEmpty)
    // The expressions are compiled first (15 looks), then the statements
    // are built: the 17th look is before the 128th statement is built.
    let flag = Flag(raisedAtLook: Self.looksPerPhase + 2)
    var run = ProgramRun(program: parsed.program, bindings: [:], options: RunOptions(isInterrupted: flag.look))
    defer { run.end() }
    let diagnostic = try #require(run.start().only)
    #expect(diagnostic.message == "stopped by Ctrl-C while building this program, before it ran")
    #expect(diagnostic.range.text(in: Self.program) == Self.lines[127])
    #expect(run.bindings.count == 127)
  }

  @Test func anInterruptedProgramBindsNothingAndTheEarlierBindingsStay() throws {
    var interpreter = Interpreter()
    guard case .ran = interpreter.run("let kept = just 42") else { throw NotRun() }
    // The first and the last look of each phase: reading, type-checking,
    // compiling and building.
    for look in [1, 15, 16, 30, 31, 45, 46, 60] {
      let flag = Flag(raisedAtLook: look)
      guard
        case .invalid(let diagnostics) = interpreter.run(Self.program, options: RunOptions(isInterrupted: flag.look))
      else { throw NotRun() }
      #expect(diagnostics.only?.message.hasPrefix("stopped by Ctrl-C while ") == true, "raised at look \(look)")
      #expect(interpreter.bindingNames == ["kept"])
    }
    guard case .ran(let result, _) = interpreter.run("kept | map x + 1") else { throw NotRun() }
    #expect(result.outputs.map(compact) == ["0ms 43, 0ms |"])
  }

  @Test func aProgramOfFewerStatementsLeavesTheFlagToItsRun() throws {
    // 63 statements: no phase looks before the run, which stops at once and
    // still gives its diagram.
    let program = (BindingGrowthTests.chain(62) + ["interval 1ms | map x + 1"]).joined(separator: "\n")
    var interpreter = Interpreter()
    let options = RunOptions(horizon: .milliseconds(100_000_000), maxEvents: .max, isInterrupted: { true })
    guard case .ran(let result, _) = interpreter.run(program, options: options) else { throw NotRun() }
    #expect(result.stop == .interrupted)
  }

  @Test func typesOfAProgramStopAtTheFlag() throws {
    let interpreter = Interpreter()
    let flag = Flag(raisedAtLook: Self.looksPerPhase + 1)
    guard case .failure(let failure) = interpreter.types(of: Self.program, isInterrupted: flag.look) else {
      throw NotRun()
    }
    #expect(failure.diagnostics.only?.message == "stopped by Ctrl-C while type-checking this program, before it ran")
  }

  struct NotRun: Error {}
}

extension Array {
  /// The one element, or nil when there are none or several.
  fileprivate var only: Element? { count == 1 ? first : nil }
}
