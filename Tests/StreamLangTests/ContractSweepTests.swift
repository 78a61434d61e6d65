import StreamCore
import Testing

@testable import StreamLang

/// Every operator streamlab runs, fed by every kind of source and placed
/// inside every operator that subscribes, requests or resubscribes on its
/// own: each program must run to an ordinary end (a result, or a runtime
/// error the student caused) with no break of Combine's contract on any
/// probe between stages.
///
/// This is the class of bug behind `empty | zip { just 1 } | removeDuplicates`
/// (OpenCombine's zip sent `finished` before its subscription) and
/// `just 0 | replaceEmpty 9 | retry 1 | zip { just 1 }` (OpenCombine's
/// replaceEmpty sent a value nobody asked for, and retry trapped on it).
/// Before the probes checked the contract each of these killed the process;
/// now a break shows up in `contractViolations`, named by stage.
@Suite struct ContractSweepTests {
  /// A short horizon and budget keep each of the thousands of runs small.
  static let limits = RunOptions(horizon: .milliseconds(400), maxEvents: 4_000)

  /// Sources that complete at once, fail at once, never emit, emit
  /// synchronously, emit on a timer, and the hot ones.
  static let sources = [
    "empty", "never", #"fail "x""#, "just 1", "just 1,2,3", "range 1...3", "interval 50ms", "timer 50ms",
    #"marbles "-a-b|""#, #"marbles "|""#, ##"marbles "#""##, ##"marbles "-a#""##, "events 0ms:1, 50ms:2, 100ms:|",
    ##"events 0ms:#"e""##, "subject 0ms:1, 50ms:2, 100ms:|", "current 0, 50ms:1", "future 50ms 1", "future 0ms 1",
    "deferred { future 50ms 1 }", "deferred { empty }", "published 0, 50ms:1",
  ]

  /// One spelling of every operator (every form that builds differently).
  static let operators = [
    "map x", "tryMap x", "compactMap x", "tryCompactMap x", "scan 0, acc + 1", "tryScan 0, acc + 1",
    "reduce 0, acc + 1", "tryReduce 0, acc + 1", "flatMap { just x }", "flatMap max 1 { just x, x }",
    "flatMap { interval 20ms | prefix 2 }", "flatMap { empty }", #"flatMap { fail "f" }"#,
    "map { just x } | switchToLatest", "map { interval 20ms | prefix 2 } | switchToLatest", "collect", "collect 2",
    "collect 60ms", "collect 60ms or 2", "filter true", "tryFilter true", "removeDuplicates", "first",
    "first where true", "tryFirst where true", "last", "last where true", "tryLast where true", "prefix 1",
    "prefix 0", "prefix while true", "tryPrefix while true", "dropFirst", "drop while false", "tryDrop while false",
    "output at 1", "ignoreOutput", "debounce 30ms", "debounce 0ms", "throttle 30ms", "throttle 30ms latest: false",
    "delay 30ms", "delay 0ms", "timeout 30ms", #"timeout 30ms fail "slow""#, "measureInterval",
    "merge { just 9 }", "merge { empty }, { never }", "zip { just 9 }", "zip { empty }", "zip { just 8 }, { just 9 }",
    "zip { just 7 }, { just 8 }, { just 9 }", "zip { interval 20ms }", "combineLatest { just 9 }",
    "combineLatest { empty }", "combineLatest { just 8 }, { just 9 }",
    "combineLatest { just 7 }, { just 8 }, { just 9 }",
    "append 9", "append { just 9 }", "append { empty }", "prepend 9", "prepend { just 9 }", "prepend { never }",
    "catch { just 7 }", "catch { empty }", #"catch { fail "c" }"#, "replaceError 7", "retry 1", "retry 0",
    #"mapError "m""#, "replaceEmpty 9", "share", "count", "min", "max", "contains 1", "allSatisfy true",
    "tryAllSatisfy true", "receive on main", "subscribe on main", "receive on ImmediateScheduler.shared",
    "subscribe on ImmediateScheduler.shared", "print", #"print "p""#,
    "tryAllSatisfy true", "buffer 1", "buffer 2 prefetch: keepFull whenFull: dropNewest",
    #"buffer 1 whenFull: fail "full""#, "prefix untilOutputFrom { just 1 }", "prefix untilOutputFrom { timer 30ms }",
    "drop untilOutputFrom { empty }", "drop untilOutputFrom { timer 30ms }", "tryCatch { just 7 }",
    #"tryCatch { fail("t") }"#, "removeDuplicates by { a, b in a == b }", "makeConnectable | autoconnect",
    "multicast | autoconnect", "eraseToAnyPublisher", "setFailureType", "assertNoFailure", #"assertNoFailure "a""#,
    "replaceNil 0", "handleEvents output: x, completion: x, cancel: 1, subscription: 2, request: x",
  ]

  /// Places where an upstream `X` is subscribed by something else than the
  /// run's unlimited sink: with limited demand, more than once, late, inside
  /// another stream, or shared.
  static let contexts = [
    "X", "X | zip { just 1 }", "just 1 | zip { X }", "X | zip { just 1 }, { interval 20ms }",
    "X | zip { just 1 }, { just 2 }, { just 3 }", "X | combineLatest { just 1 }", "just 1 | combineLatest { X }",
    "X | merge { just 1 }", "X | retry 1", "X | retry 1 | zip { just 1 }", "X | retry 1 | combineLatest { just 1 }",
    "X | catch { just 7 }", "just 1 | flatMap { X }", "just 1, 2 | flatMap max 1 { X }",
    "just 1, 2 | map { X } | switchToLatest", "X | share", "X | prefix 1", "X | flatMap max 1 { just x }",
    "X | append { just 9 }", "just 0 | append { X }", "X | replaceEmpty 9 | zip { just 1 }",
    "let m = X | multicast; m; connect m @0ms", "let s = X | share; s; s @20ms",
    // Demand of one at a time, late subscribers and early cancels.
    "X | flatMap max 1 { just x | delay 10ms }", "X | merge { never } | flatMap max 1 { just x }",
    "X | zip { interval 30ms } | flatMap max 1 { just x | delay 10ms }", #"fail "y" | catch { X }"#,
    "X | retry 2 | prefix 1", "deferred { X }", "X @20ms", "X @..30ms", "X @10ms..60ms",
    // One shared upstream feeding several inputs of the same operator, re-entrantly.
    "let s = X | share; s | zip { s }", "let s = X | share; s | merge { s } | zip { s }, { s }",
    "let s = X | share; s | combineLatest { s | retry 1 }",
  ]

  /// Runs one program and says what was wrong with it, or nil when it ended normally.
  static func problem(with program: String) -> String? {
    var interpreter = Interpreter()
    switch interpreter.run(program, options: limits) {
    case .invalid(let diagnostics):
      // A combination Swift would not compile (`fail "x" | zip { just 1 }`:
      // one side fails with Error, the other with Never) never runs, so it
      // cannot break the contract; anything else refused is a problem.
      if diagnostics.allSatisfy(\.isTypeError) { return nil }
      return "refused: " + diagnostics.map(\.message).joined(separator: "; ")
    case .ran(let result, _):
      guard let violation = result.contractViolations.first else { return nil }
      return violation.description
    }
  }

  /// The problems of a list of programs, each with its program, for one readable failure.
  static func problems(_ programs: [String]) -> [String] {
    programs.compactMap { program in problem(with: program).map { "\(program)  →  \($0)" } }
  }

  @Test func everyOperatorAfterEverySourceKeepsTheContract() {
    let programs = Self.sources.flatMap { source in Self.operators.map { "\(source) | \($0)" } }
    #expect(Self.problems(programs) == [])
  }

  @Test func everyOperatorInsideEveryContextKeepsTheContract() {
    let feeds = ["empty", #"fail "x""#, "just 0", "interval 50ms | prefix 2", "never"]
    let programs = feeds.flatMap { feed in
      Self.operators.flatMap { op in Self.contexts.map { $0.replacing("X", with: "\(feed) | \(op)") } }
    }
    #expect(Self.problems(programs) == [])
  }

  @Test func everyPairOfOperatorsKeepsTheContract() {
    let programs = ["just 0", "empty"].flatMap { feed in
      Self.operators.flatMap { first in
        Self.operators.map { "\(feed) | \(first) | \($0) | zip { just 1 }" }
      }
    }
    #expect(Self.problems(programs) == [])
  }

  @Test func everySourceInsideEveryContextKeepsTheContract() {
    let programs = Self.sources.flatMap { source in Self.contexts.map { $0.replacing("X", with: source) } }
    #expect(Self.problems(programs) == [])
  }
}
