import StreamCore
import Testing

@testable import StreamLang

/// Thousands of `let` bindings cost in proportion to their number (issue 26):
/// a binding keeps only the earlier bindings it names, each `let` is checked
/// once, and only uses count toward the stage limit. The times themselves are
/// measured by `streamlab-bench bindings`, never here.
@Suite struct BindingGrowthTests {
  /// `let a0 = just 1`, then `count - 1` bindings each mapping the one before.
  static func chain(_ count: Int) -> [String] {
    ["let a0 = just 1"] + (1..<count).map { "let a\($0) = a\($0 - 1) | map x + 1" }
  }

  @Test func aBindingKeepsOnlyTheEarlierBindingsItNames() throws {
    var interpreter = Interpreter()
    let program = """
      let a = just 1
      let b = just 2
      let unused = just 3
      let c = a | merge b | map x + 1
      let d = just 1 | flatMap { c }
      """
    guard case .ran = interpreter.run(program) else { throw NotRun() }
    let c = try #require(interpreter.bindings["c"])
    let d = try #require(interpreter.bindings["d"])
    #expect(c.environment.keys.sorted() == ["a", "b"])
    #expect(d.environment.keys.sorted() == ["c"])
    #expect(try #require(interpreter.bindings["a"]).environment.isEmpty)
  }

  @Test func aRebindingStillSeesTheBindingItShadows() throws {
    // Swift's shadowing: the new `a` maps the old one, never itself.
    #expect(outputs(of: "let a = just 1\nlet a = a | map x + 10\na") == ["0ms 11, 0ms |"])
  }

  @Test func forgettingTheBindingsFreesEveryOne() throws {
    var interpreter = Interpreter()
    guard case .ran = interpreter.run(Self.chain(500).joined(separator: "\n")) else { throw NotRun() }
    weak var first = interpreter.bindings["a0"]
    weak var last = interpreter.bindings["a499"]
    #expect(first != nil && last != nil)
    interpreter.removeAllBindings()
    #expect(first == nil)
    #expect(last == nil)
  }

  @Test func aChainOfBindingsLongerThanTheSquareRootOfTheStageLimitRuns() {
    // Each `let` used to count every stage it stands for: the sum passed
    // 20,000 stages at the 200th binding. Only the use builds them: 2,001.
    let program = (Self.chain(2_000) + ["a1999 | map x + 1"]).joined(separator: "\n")
    #expect(outputs(of: program) == ["0ms 2001, 0ms |"])
  }

  @Test func aChainOfBindingsContinuesAcrossPrograms() throws {
    var interpreter = Interpreter()
    guard case .ran = interpreter.run(Self.chain(1_000).joined(separator: "\n")) else { throw NotRun() }
    let more = (1_000..<2_000).map { "let a\($0) = a\($0 - 1) | map x + 1" } + ["a1999"]
    guard case .ran(let result, _) = interpreter.run(more.joined(separator: "\n")) else { throw NotRun() }
    #expect(result.outputs.map(compact) == ["0ms 2000, 0ms |"])
  }

  @Test func aChainFromAnEarlierInputKeepsItsTypeWhateverItsLength() throws {
    // Typed again in the next input, the chain's type went as deep as the
    // inference goes (200 bindings) and came back `_` for every later use,
    // each of which typed 200 bindings again.
    var interpreter = Interpreter()
    guard case .ran = interpreter.run(Self.chain(1_000).joined(separator: "\n")) else { throw NotRun() }
    let typed = try interpreter.types(of: "let b = a999 | map x > 3\nb | filter x").get()
    #expect(typed.shown.map { $0.stages.map(\.type.spelling) } == [["<Bool, Never>", "<Bool, Never>"]])
    guard case .ran(let result, _) = interpreter.run("a999 | map x * 2") else { throw NotRun() }
    #expect(result.stageTypes.map { $0.map(\.output) } == [["Int", "Int"]])
  }

  @Test func aRebindingIsTypedAsItIsNow() throws {
    var interpreter = Interpreter()
    guard case .ran = interpreter.run("let a = just 1\nlet b = a") else { throw NotRun() }
    guard case .ran = interpreter.run("let a = just \"x\"") else { throw NotRun() }
    let typed = try interpreter.types(of: "a | map x + \"y\"\nb | map x + 1").get()
    #expect(
      typed.shown.map { $0.stages.map(\.type.spelling) } == [
        ["<String, Never>", "<String, Never>"], ["<Int, Never>", "<Int, Never>"],
      ])
  }

  @Test func aMistakeInABindingOverAnEarlierInputsBindingIsReportedWhereItIsBound() throws {
    // The earlier binding is not built again to check the new one; the new one's own stages are.
    var interpreter = Interpreter()
    guard case .ran = interpreter.run(Self.chain(3).joined(separator: "\n")) else { throw NotRun() }
    let text = "let d = a2 | collect 0"
    guard case .invalid(let diagnostics) = interpreter.run(text) else { throw NotRun() }
    let only = try #require(diagnostics.first)
    #expect(diagnostics.count == 1)
    #expect(only.message.hasPrefix("collect needs a count or a time"))
    #expect(only.range.text(in: text) == "0")
  }

  @Test func aLetStandingForMoreStagesThanTheLimitIsRefusedWhereItIsBound() throws {
    var interpreter = Interpreter()
    let big = "let a = " + ProgramLimitsTests.chain(11_999)
    let text = big + "\nlet b = a | merge a\nlet c = just 1"
    guard case .invalid(let diagnostics) = interpreter.run(text) else { throw NotRun() }
    let first = try #require(diagnostics.first)
    #expect(first.message == "this program builds more than 20,000 stages, the most one program may build")
    // `a` is 12,000 stages; `merge a` adds 12,001 more: the limit is passed at `merge`.
    #expect(first.range.text(in: text) == "merge a")
    #expect(diagnostics.count == 1)
  }

  struct NotRun: Error {}
}
