import Testing

@testable import StreamLang

@Suite struct ParserTests {
  static func shape(_ text: String, boundNames: [String] = ["a", "b", "s"]) -> String {
    let result = Parser.parse(text, boundNames: boundNames)
    if !result.isValid { return "invalid: " + result.diagnostics.map(\.description).joined(separator: " / ") }
    return ASTShape.of(result.program)
  }

  static let sources: [(String, String)] = [
    ("just 1,2,3", "just(1, 2, 3)"),
    ("just \"a\"", "just(\"a\")"),
    ("just -1, 2.5, true, nil, [1, 2], (1, \"a\")", "just(-1, 2.5, true, nil, [1, 2], (1, \"a\"))"),
    ("range 1...5", "range(1...5)"),
    ("range 1..<5", "range(1..<5)"),
    ("range -3...3", "range(-3...3)"),
    ("empty", "empty"),
    ("never", "never"),
    ("fail \"boom\"", "fail(\"boom\")"),
    ("interval 100ms", "interval(100ms)"),
    ("timer 500ms", "timer(500ms)"),
    ("timer 1.5s", "timer(1500ms)"),
    ("timer 20us", "timer(0.02ms)"),
    ("timer 1s", "timer(1000ms)"),
    ("marbles \"-a-b--c|\"", "marbles(\"-a-b--c|\")"),
    ("marbles \"-1-2-3|\" frame 50ms", "marbles(\"-1-2-3|\", frame: 50ms)"),
    (
      "events 0ms:\"i\", 100ms:\"ip\", 450ms:\"iph\", 900ms:|",
      "events(0ms:\"i\", 100ms:\"ip\", 450ms:\"iph\", 900ms:|)"
    ),
    ("events 0ms:1, 200ms:#", "events(0ms:1, 200ms:#)"),
    ("events 0ms:1, 200ms:#\"oops\"", "events(0ms:1, 200ms:#\"oops\")"),
    ("subject 100ms:1, 250ms:2, 400ms:|", "subject(100ms:1, 250ms:2, 400ms:|)"),
    ("current 0, 100ms:1, 300ms:2", "current(0; 100ms:1, 300ms:2)"),
    ("current 0", "current(0)"),
    ("published 0, 100ms:1", "published(0; 100ms:1)"),
    ("published \"a\"", "published(\"a\")"),
    ("future 200ms 42", "future(200ms, 42)"),
    ("future 200ms -1", "future(200ms, -1)"),
    ("deferred { future 200ms 42 }", "deferred{future(200ms, 42)}"),
    ("a", "name(a)"),
    ("{ just 1 | map x }", "group{just(1) | map(x)}"),
  ]

  @Test(arguments: sources)
  func sourceParses(text: String, expected: String) {
    #expect(Self.shape(text) == expected)
  }

  static let operators: [(String, String)] = [
    ("map x * 2", "map((x * 2))"),
    ("map $0 * 2", "map(($0 * 2))"),
    ("map { v in v * 2 }", "map({v in (v * 2)})"),
    ("map { $0 + 1 }", "map({($0 + 1)})"),
    ("tryMap x > 2 ? fail(\"big\") : x", "tryMap(((x > 2) ? fail(\"big\") : x))"),
    ("compactMap Int(x)", "compactMap(Int(x))"),
    ("tryCompactMap Int(x)", "tryCompactMap(Int(x))"),
    ("scan 0, acc + x", "scan(0, (acc + x))"),
    ("scan 0, { a, b in a + b }", "scan(0, {a, b in (a + b)})"),
    ("tryScan 0, acc + x", "tryScan(0, (acc + x))"),
    ("reduce \"\", acc + x", "reduce(\"\", (acc + x))"),
    ("tryReduce 0, acc + x", "tryReduce(0, (acc + x))"),
    ("flatMap { just $0 | delay 300ms }", "flatMap({stream just($0) | delay(300ms)})"),
    ("flatMap max 1 { just x }", "flatMap(max: 1, {stream just(x)})"),
    ("switchToLatest", "switchToLatest"),
    ("collect", "collect"),
    ("collect 3", "collect(count: 3)"),
    ("collect 300ms", "collect(time: 300ms)"),
    ("collect 300ms or 3", "collect(300ms or 3)"),
    ("filter x % 2 == 0", "filter(((x % 2) == 0))"),
    ("tryFilter x > 0", "tryFilter((x > 0))"),
    ("removeDuplicates", "removeDuplicates"),
    ("first", "first"),
    ("first where x > 2", "first(where: (x > 2))"),
    ("tryFirst where x > 2", "tryFirst(where: (x > 2))"),
    ("last", "last"),
    ("last where x > 2", "last(where: (x > 2))"),
    ("tryLast where x > 2", "tryLast(where: (x > 2))"),
    ("prefix 3", "prefix(3)"),
    ("take 3", "take=prefix(3)"),
    ("prefix while x < 3", "prefixWhile((x < 3))"),
    ("take while x < 3", "take=prefixWhile((x < 3))"),
    ("tryPrefix while x < 3", "tryPrefixWhile((x < 3))"),
    ("dropFirst", "dropFirst"),
    ("dropFirst 2", "dropFirst(2)"),
    ("drop 2", "drop=dropFirst(2)"),
    ("drop while x < 3", "drop=dropWhile((x < 3))"),
    ("tryDrop while x < 3", "tryDropWhile((x < 3))"),
    ("output at 2", "output(at: 2)"),
    ("ignoreOutput", "ignoreOutput"),
    ("debounce 300ms", "debounce(300ms)"),
    ("throttle 300ms", "throttle(300ms, latest: true)"),
    ("throttle 300ms latest: false", "throttle(300ms, latest: false)"),
    ("throttle 300ms latest: true", "throttle(300ms, latest: true)"),
    ("delay 200ms", "delay(200ms)"),
    ("delay x.count * 100ms", "delay((x.count * 100ms))"),
    ("timeout 500ms", "timeout(500ms)"),
    ("timeout 500ms fail \"slow\"", "timeout(500ms, fail: \"slow\")"),
    ("measureInterval", "measureInterval"),
    ("merge b", "merge(name(b))"),
    ("merge a, b, { just 9 }", "merge(name(a), name(b), just(9))"),
    ("zip b", "zip(name(b))"),
    ("zip b { a, b in a + b }", "zip(name(b), {a, b in (a + b)})"),
    ("combineLatest b", "combineLatest(name(b))"),
    ("combineLatest a, b { x, y, z in x + y + z }", "combineLatest(name(a), name(b), {x, y, z in ((x + y) + z)})"),
    ("append 4,5", "append(values: 4, 5)"),
    ("append b", "append(stream: name(b))"),
    ("append { just 4 }", "append(stream: just(4))"),
    ("prepend 0", "prepend(values: 0)"),
    ("prepend a", "prepend(stream: name(a))"),
    ("catch { just 0 }", "catch(just(0))"),
    ("catch b", "catch(name(b))"),
    ("replaceError 0", "replaceError(0)"),
    ("retry 2", "retry(2)"),
    ("mapError \"wrapped: \" + x", "mapError((\"wrapped: \" + x))"),
    ("replaceEmpty 0", "replaceEmpty(0)"),
    ("share", "share"),
    ("multicast", "multicast"),
    ("count", "count"),
    ("min", "min"),
    ("max", "max"),
    ("contains 3", "contains(3)"),
    ("allSatisfy x > 0", "allSatisfy((x > 0))"),
    ("tryAllSatisfy x > 0", "tryAllSatisfy((x > 0))"),
    ("buffer 3", "buffer(3, prefetch: byRequest, whenFull: dropOldest)"),
    (
      "buffer 3 whenFull: fail \"full\" prefetch: keepFull",
      "buffer(3, prefetch: keepFull, whenFull: fail(\"full\"))"
    ),
    ("buffer 2 prefetch: byRequest whenFull: dropNewest", "buffer(2, prefetch: byRequest, whenFull: dropNewest)"),
    ("prefix untilOutputFrom { timer 1s }", "prefix(untilOutputFrom: timer(1000ms))"),
    ("drop untilOutputFrom b", "drop=drop(untilOutputFrom: name(b))"),
    ("tryCatch { just 0 }", "tryCatch({stream just(0)})"),
    ("removeDuplicates by { a, b in a == b }", "removeDuplicates(by: {a, b in (a == b)})"),
    ("makeConnectable", "makeConnectable"),
    ("autoconnect", "autoconnect"),
    ("receive on main", "receive(on: main)"),
    ("subscribe on DispatchQueue.global()", "subscribe(on: DispatchQueue.global())"),
    ("print", "print()"),
    ("print \"tap\"", "print(\"tap\")"),
    ("handleEvents output: x", "handleEvents(output: x)"),
    (
      "handleEvents completion: \"end \" + x, cancel: \"c\", request: x",
      "handleEvents(completion: (\"end \" + x), cancel: \"c\", request: x)"
    ),
    ("eraseToAnyPublisher", "eraseToAnyPublisher"),
    ("setFailureType", "setFailureType"),
    ("assertNoFailure", "assertNoFailure()"),
    ("assertNoFailure \"check\"", "assertNoFailure(\"check\")"),
    ("replaceNil 0", "replaceNil(0)"),
    ("values", "values()"),
    ("values each 200ms", "values(each: 200ms)"),
  ]

  @Test(arguments: operators)
  func operatorParses(text: String, expected: String) {
    #expect(Self.shape("a | " + text) == "name(a) | " + expected)
  }

  @Test func everyKeywordOfTheTableIsCoveredByTheTables() {
    let covered = Set(
      (Self.sources.map(\.0) + Self.operators.map(\.0)).compactMap { $0.split(separator: " ").first.map(String.init) })
    for keyword in Keywords.sources + Keywords.operators {
      #expect(covered.contains(keyword.name), "no parser test for `\(keyword.name)`")
    }
  }

  static let statements: [(String, String)] = [
    (
      "task { sleep 300ms; a | values each 100ms } @..900ms",
      "task { sleep 300ms; name(a) | values(each: 100ms) } @..900ms"
    ),
    ("let clicks = marbles \"-a--b|\"", "let clicks = marbles(\"-a--b|\")"),
    ("a @250ms", "name(a) @250ms"),
    ("a @250ms..600ms", "name(a) @250ms..600ms"),
    ("a @..600ms", "name(a) @..600ms"),
    ("s | multicast; connect s @100ms", "name(s) | multicast; connect s @100ms"),
    ("connect s", "connect s"),
    ("just 1; just 2\njust 3", "just(1); just(2); just(3)"),
    ("just 1 |\n  map x\n  | filter x > 0", "just(1) | map(x) | filter((x > 0))"),
    ("just 1 // a comment\njust 2", "just(1); just(2)"),
    ("just 1 | flatMap {\n  just x\n  | delay 1s\n}", "just(1) | flatMap({stream just(x) | delay(1000ms)})"),
    ("let c = just 1\nc | map x", "let c = just(1); name(c) | map(x)"),
    ("just 1 | map { x in just x | delay 1s }", "just(1) | map({x in {stream just(x) | delay(1000ms)}})"),
    ("events 0ms:1, 100ms:|| map x", "events(0ms:1, 100ms:|) | map(x)"),
  ]

  @Test(arguments: statements)
  func statementParses(text: String, expected: String) {
    #expect(Self.shape(text) == expected)
  }

  static let expressions: [(String, String)] = [
    ("1 + 2 * 3", "(1 + (2 * 3))"),
    ("(1 + 2) * 3", "((1 + 2) * 3)"),
    ("1 - 2 - 3", "((1 - 2) - 3)"),
    ("a ?? b ?? c", "(a ?? (b ?? c))"),
    ("a ?? 0 > 1", "((a ?? 0) > 1)"),
    ("x > 1 && x < 5 || x == 9", "(((x > 1) && (x < 5)) || (x == 9))"),
    ("c ? 1 : d ? 2 : 3", "(c ? 1 : (d ? 2 : 3))"),
    ("!done", "(!done)"),
    ("-x", "(-x)"),
    ("- -1", "1"),
    ("x.count", "x.count"),
    ("x.uppercased()", "x.uppercased()"),
    ("x.hasPrefix(\"a\")", "x.hasPrefix(\"a\")"),
    ("x.0", "x.0"),
    ("x.0.1", "x.0.1"),
    ("String(x) + \"!\"", "(String(x) + \"!\")"),
    ("max(x, 3)", "max(x, 3)"),
    ("x.count * 100ms", "(x.count * 100ms)"),
    ("[1, 2,]", "[1, 2]"),
    ("[]", "[]"),
    ("{ $0 }", "{$0}"),
  ]

  @Test(arguments: expressions)
  func expressionParsesWithSwiftPrecedence(text: String, expected: String) {
    #expect(Self.shape("a | map " + text) == "name(a) | map(\(expected))")
  }

  @Test(arguments: Examples.mustRun)
  func mustRunExampleParses(text: String) {
    let result = Parser.parse(text)
    #expect(result.diagnostics == [], "\(result.diagnostics.rendered(in: text))")
  }

  @Test func mustRunExamplesHaveTheExpectedShape() {
    #expect(
      Self.shape(Examples.mustRun[11], boundNames: [])
        == "let q = events(0ms:\"ipad\", 100ms:\"iphone\", 400ms:|); "
        + "name(q) | map({x in {stream just((x + \"!\")) | delay((x.count * 100ms))}}) | switchToLatest; "
        + "name(q) | flatMap({stream just($0) | delay(300ms)})")
    #expect(
      Self.shape(Examples.mustRun[10], boundNames: [])
        == "let a = marbles(\"-a---b-|\"); let b = marbles(\"--1-2---|\"); name(a) | merge(name(b)); "
        + "name(a) | zip(name(b)); name(a) | combineLatest(name(b))")
  }

  @Test func stagesKeepTheirSourceTextAsLabels() {
    let text = "just 1,2,3 | map x*2 | debounce 300ms @250ms"
    let program = Parser.parse(text).program
    guard case .subscription(let pipeline, _, let range) = program.statements.first else {
      Issue.record("not a subscription")
      return
    }
    #expect(pipeline.source.range.text(in: text) == "just 1,2,3")
    #expect(pipeline.operators.map { $0.range.text(in: text) } == ["map x*2", "debounce 300ms"])
    #expect(pipeline.range.text(in: text) == "just 1,2,3 | map x*2 | debounce 300ms")
    #expect(range.text(in: text) == text)
  }

  @Test func bindingsMakeNamesSourcesForLaterStatements() {
    #expect(
      Self.shape("let x = just 1; x | map { x }", boundNames: []) == "let x = just(1); name(x) | map({stream name(x)})")
    #expect(Self.shape("{ y }", boundNames: []).hasPrefix("invalid: unknown source `y`"))
  }

  @Test func keywordUsageFindsNestedOperatorsAndAliases() {
    let text = "let q = just 1 | take 1\nq | merge { just 2 | flatMap { just x | debounce 1s } } | scan 0, acc + x"
    let usage = KeywordUsage(Parser.parse(text).program)
    #expect(usage.uses.map(\.name.text) == ["just", "take", "merge", "just", "flatMap", "just", "debounce", "scan"])
    #expect(usage.uses("prefix"))
    #expect(usage.uses("take"))
    #expect(usage.uses("debounce"))
    #expect(!usage.uses("map"))
  }

  @Test func failCallInBracesIsAnExpressionNotTheFailSource() {
    #expect(Self.shape("a | tryMap { fail(\"no\") }") == "name(a) | tryMap({fail(\"no\")})")
  }

  @Test func timeLiteralsOfEveryUnit() {
    let units = ["5ns": 5, "20us": 20_000, "7ms": 7_000_000, "1.5s": 1_500_000_000, "2s": 2_000_000_000]
    for (text, nanoseconds) in units {
      let tokens = Lexer(text).tokens.map(\.kind)
      #expect(tokens == [.time(.nanoseconds(nanoseconds)), .endOfInput], "\(text)")
    }
    #expect(Self.shape("a | delay 1_000ms") == "name(a) | delay(1000ms)")
  }
}
