import Foundation
import StreamCore
import StreamLang
import SwiftRun
import Testing

/// Cuts of the corpus (`scripts/swiftrun-cuts`: each line deleted, each
/// prefix) that swiftc refuses and streamlab had run without a word, now
/// refused before or where they run. Each case is a snippet with one line
/// deleted; the comment beside it is swiftc's own message for that cut, from
/// its build against OpenCombine (the oracle of `Tests/SwiftRunCorpus`).
@Suite struct StatementCheckCutTests {
  static let snippets = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../SwiftRunCorpus/Snippets").standardizedFileURL

  struct Cut: CustomTestStringConvertible, Sendable {
    var snippet: String
    var deletedLine: Int
    var refusedAtLine: Int
    var message: String
    var testDescription: String { "\(snippet) without line \(deletedLine)" }
  }

  static let cuts: [Cut] = [
    // swiftc: cannot assign value of type '()' to type '[String]' (at `self?.results = found`)
    Cut(
      snippet: "05-search-view-model", deletedLine: 17, refusedAtLine: 19,
      message: "cannot assign value of type '()' to type '[String]'"),
    // swiftc: cannot convert value of type '()' to closure result type '[String]' (at `.map { text in`)
    Cut(
      snippet: "06-search-runloop-assign", deletedLine: 15, refusedAtLine: 16,
      message: "cannot assign value of type '()' to type '[String]'"),
    // swiftc: type '(Bool, Bool)' cannot conform to 'Equatable' (at `.removeDuplicates()`)
    Cut(
      snippet: "07-form-validation", deletedLine: 29, refusedAtLine: 28,
      message: "type '(Bool, Bool)' cannot conform to 'Equatable': a tuple is not `Equatable`"),
    // swiftc: cannot assign value of type 'String' to type '[String]'
    Cut(
      snippet: "22-test-scheduler-debounce", deletedLine: 13, refusedAtLine: 13,
      message: "cannot assign value of type 'String' to type '[String]'"),
    // swiftc: missing return in closure expected to return 'Int' (a `tryMap` closure left with its `guard`)
    Cut(
      snippet: "30-catch-fallback", deletedLine: 13, refusedAtLine: 13,
      message: "missing return in closure expected to return 'Int'"),
    // swiftc: no exact matches in call to instance method 'removeDuplicates' (a struct that is not Equatable)
    Cut(
      snippet: "34-remove-duplicates-by", deletedLine: 22, refusedAtLine: 21,
      message:
        "referencing instance method 'removeDuplicates()' on 'Publisher' requires that 'Reading' conform to 'Equatable'"
    ),
    // swiftc: cannot convert value of type 'ReferenceWritableKeyPath<Label, String>' to expected argument type
    // 'ReferenceWritableKeyPath<Label, Int>' (at `.assign(to: \.text, on: label)`)
    Cut(
      snippet: "39-assign-on-object", deletedLine: 13, refusedAtLine: 12,
      message: "cannot assign value of type 'Int' to type 'String'"),
    // swiftc: value of type 'any WeatherService' has no member 'temperature'
    Cut(
      snippet: "58-service-protocol-mock", deletedLine: 5, refusedAtLine: 37,
      message: "value of type 'any WeatherService' has no member 'temperature'"),
    // swiftc: cannot convert return expression of type 'AnyPublisher<…Output, Never>' (aka 'AnyPublisher<Int,
    // Never>') to return type 'AnyPublisher<Int, any Error>'
    Cut(
      snippet: "58-service-protocol-mock", deletedLine: 16, refusedAtLine: 15,
      message:
        "cannot convert return expression of type 'AnyPublisher<Int, Never>' to return type 'AnyPublisher<Int, Error>'"
    ),
    // swiftc: cannot assign value of type 'AnyPublisher<[String], Never>' to type '[String]'
    Cut(
      snippet: "59-search-stale-results", deletedLine: 24, refusedAtLine: 25,
      message: "cannot assign a publisher to a property or variable of type `[String]`"),
    // swiftc: extra trailing closure passed in call (at `var now = Date(timeIntervalSince1970: 0) {`)
    Cut(
      snippet: "77-assign-on-self-timer-leak", deletedLine: 7, refusedAtLine: 6,
      message: "extra trailing closure passed in call to `Date`"),
    // swiftc: cannot convert parent type 'Published<Int>' to expected type 'Published<…>' (aka 'Published<Date>')
    Cut(
      snippet: "79-assign-to-published", deletedLine: 11, refusedAtLine: 11,
      message: "cannot assign value of type 'Date' to type 'Int'"),
    // swiftc: expansion of macro 'error' requires leading '#' (its `} catch {` deleted)
    Cut(
      snippet: "88-task-cancel-sleep", deletedLine: 9, refusedAtLine: 9,
      message:
        "`error` is not declared here: only a `catch` with no pattern binds it (elsewhere Swift reads it as the "
        + "`#error` macro)"),
    // swiftc: switch must be exhaustive (its `default:` deleted)
    Cut(
      snippet: "91-values-throwing", deletedLine: 19, refusedAtLine: 17,
      message: "switch must be exhaustive: `error` is an `any Error`, which no list of cases covers"),
  ]

  static func text(of snippet: String, without line: Int? = nil) throws -> String {
    var lines = try String(contentsOf: snippets.appendingPathComponent("\(snippet).swift"), encoding: .utf8)
      .components(separatedBy: "\n")
    if let line { lines.remove(at: line - 1) }
    return lines.joined(separator: "\n")
  }

  @Test(arguments: cuts)
  func swiftcsRefusalIsStreamlabs(_ cut: Cut) throws {
    let swift = try Self.text(of: cut.snippet, without: cut.deletedLine)
    guard case .refused(let diagnostic) = SwiftRun.run(swift) else {
      Issue.record("\(cut.testDescription) ran; swiftc refuses it")
      return
    }
    #expect(diagnostic.message == cut.message)
    #expect(SourceLocation(of: diagnostic.range, in: swift).line == cut.refusedAtLine)
  }

  /// Each snippet whole still runs: the checks refuse only what swiftc refuses.
  @Test(arguments: Set(cuts.map(\.snippet)).sorted())
  func theWholeSnippetStillRuns(_ snippet: String) throws {
    guard case .ran = SwiftRun.run(try Self.text(of: snippet)) else {
      Issue.record("\(snippet) is refused whole")
      return
    }
  }

  /// `93-task-keeps-captures` without its `print`: the task's capture list
  /// names `loader` and the body never uses it. swiftc's build keeps no
  /// unused capture, so the object goes when the global lets go of it.
  @Test func anUnusedCaptureIsLetGoAtOnce() throws {
    let swift = try Self.text(of: "93-task-keeps-captures", without: 13)
    guard case .ran(let result, _) = SwiftRun.run(swift) else {
      Issue.record("the cut should run")
      return
    }
    // swiftc's build: "0ms: loader deinit", "0ms: global released".
    #expect(result.log.map { "\($0.time): \($0.text)" } == ["0ms: loader deinit", "0ms: global released"])
  }

  /// `62-append-empty-replace` without its `.append(4, 5)`: swiftc's build
  /// types the literal from what follows it, `[Int??]`, and prints
  /// "replaceNil + append: [Optional(1), Optional(0), Optional(3)]"; with the
  /// `append`, `[1, 0, 3, 4, 5]`. streamlab types it `[Int?]` either way and
  /// says so; an array bound by its own `let` is `[Int?]` to swiftc too.
  @Test func aNilArrayLiteralTypedByWhatFollowsItIsNoted() throws {
    let swift = try Self.text(of: "62-append-empty-replace", without: 12)
    guard case .ran(let result, _) = SwiftRun.run(swift) else {
      Issue.record("the cut should run")
      return
    }
    #expect(result.log.map(\.text).contains("replaceNil + append: [1, 0, 3]"))
    #expect(
      result.notes.contains {
        $0.hasPrefix("Swift types `[1, nil, 3]` from what follows it")
          && $0.hasSuffix("`([1, nil, 3] as [Int?])` to be sure")
      })
    let bound =
      "import Combine\nlet values = [1, nil, 3]\nlet c = values.publisher.replaceNil(with: 0).sink { print($0) }"
    guard case .ran(let boundResult, _) = SwiftRun.run(bound) else {
      Issue.record("the bound array should run")
      return
    }
    #expect(!boundResult.notes.contains { $0.contains("from what follows it") })
  }

  /// An `if` with no `else` is no `if` expression: swiftc refuses `func f(_
  /// x: Int) -> Int { if x > 0 { return 1 } }` with "missing return in
  /// global function expected to return 'Int'" (Swift 5.9's if expressions
  /// need an `else`, SE-0380). An `if`/`else` of single expressions returns.
  @Test func anIfWithoutElseIsNoImplicitReturn() {
    let missing =
      "import Combine\nfunc f(_ x: Int) -> Int {\n  if x > 0 { return 1 }\n}\nlet c = Just(1).map(f).sink { print($0) }"
    guard case .refused(let diagnostic) = SwiftRun.run(missing) else {
      Issue.record("an if without else should be refused")
      return
    }
    #expect(diagnostic.message == "missing return in global function expected to return 'Int'")
  }

  /// `if`/`else` and `switch` expressions as a function's whole body give
  /// their branch's value. swiftc's build of the same functions, called with
  /// -1, 0 and 5, prints "2 B", "0 B", "1 B"; the interpreter had given `()`.
  @Test func anIfOrSwitchExpressionBodyGivesItsValue() {
    let swift = """
      import Combine
      func f(_ x: Int) -> Int {
        if x > 0 { 1 } else if x == 0 { 0 } else { 2 }
      }
      enum E { case a, b }
      func g(_ e: E) -> String {
        switch e {
        case .a: "A"
        case .b: "B"
        }
      }
      let c = [-1, 0, 5].publisher.map(f).sink { print($0, g(.b)) }
      """
    guard case .ran(let result, _) = SwiftRun.run(swift) else {
      Issue.record("the if and switch expressions should run")
      return
    }
    #expect(result.log.map(\.text) == ["2 B", "0 B", "1 B"])
  }

  /// What swiftc compiles stays run: the checks' own edges.
  @Test(arguments: [
    // `error` inside a bare `catch`, and bound by a pattern elsewhere.
    "do { throw URLError.bad } catch { print(error) }\nenum URLError: Error { case bad }",
    // A single expression is returned without `return`; an `if`/`else` that returns on both ways.
    "func double(_ x: Int) -> Int { x * 2 }\nfunc sign(_ x: Int) -> String {\n  if x < 0 { return \"-\" } else { return \"+\" }\n}\nprint(double(2), sign(3))",
    // A `switch` whose cases all return.
    "enum E { case a, b }\nfunc name(_ e: E) -> String {\n  switch e {\n  case .a: return \"a\"\n  case .b: return \"b\"\n  }\n}\nprint(name(.a))",
    // `removeDuplicates()` over an enum without payloads, and over a struct that says `Equatable`.
    "enum Light { case red, green }\nstruct P: Equatable { let x: Int }\nlet a = [Light.red, .red, .green].publisher.removeDuplicates().sink { print($0) }\nlet b = [P(x: 1), P(x: 1)].publisher.removeDuplicates().sink { print($0.x) }",
    // A struct `Equatable` through a protocol of the paste's, and a class that inherits `NSObject`'s equality.
    "protocol Model: Hashable {}\nstruct U: Model { let id: Int }\nlet c = [U(id: 1), U(id: 1)].publisher.removeDuplicates().sink { print($0.id) }",
    // A property inferred from its first value, written with the same type; an Optional set to nil.
    "final class M { var count = 0; var name: String? = \"a\" }\nlet m = M()\nm.count = 3\nm.name = nil\nprint(m.count)",
  ])
  func whatSwiftcCompilesStillRuns(_ swift: String) {
    guard case .ran = SwiftRun.run("import Combine\n" + swift) else {
      Issue.record("refused: \(swift)")
      return
    }
  }
}
