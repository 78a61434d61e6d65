import Lessons
import StreamLab
import StreamLang

/// The fuzzer's starting inputs and its dictionary, built from what the
/// project already holds: the keyword table's examples, the `:help` demos and
/// the lessons' demos, givens and solutions.
public enum SeedCorpus {
  /// Seed programs for the program target, without duplicates, in a stable order:
  /// every keyword's example, then `completePrograms`.
  public static func programs(lessons: [(fileName: String, text: String)]) -> [String] {
    // An operator's example is one stage; a source in front makes it a
    // program. Some need a bound name (`merge b`) and are refused: still useful seeds.
    let examples =
      Keywords.sources.map(\.example) + Keywords.operators.map { "just 1,2,3 | \($0.example)" }
      + Keywords.statements.map(\.example)
    var seen = Set<String>()
    return
      (examples + completePrograms(lessons: lessons) + typeErrors + refusedSwiftPrograms + draggablePrograms
      + longRunPrograms)
      .filter {
        !$0.isEmpty && seen.insert($0).inserted
      }
  }

  /// Programs the type checker refuses, one per kind of type error, so the
  /// fuzzer starts next to each rule (issue 15).
  public static let typeErrors: [String] = [
    #"just 1, "a""#, #"just 1,2,3 | map x + "a""#, #"just 1 | merge { just "a" }"#,
    #"just 1 | merge { fail "x" }"#, #"marbles "-1-#" | catch { just "a" }"#, "just (1, 2) | removeDuplicates",
    "just 1 | map fail(\"x\")", "just 1 | switchToLatest", "just 1 | flatMap x", "just true | max",
    #"just 1 | tryMap x | zip { just 2 }"#, "range 1...3 | filter x + 1", #"just 1 | scan 0, acc + "a""#,
    #"empty | map x * 2 | replaceError "a""#, #"events 0ms:1, 50ms:"b""#,
    #"fail "x" | setFailureType"#, "just 1 | replaceNil 0", "just 1 | assertNoFailure",
    #"fail "x" | makeConnectable | autoconnect"#, #"interval 100ms | drop untilOutputFrom { fail "x" }"#,
    #"let b = marbles "-1-2|"; b | map x + 1; marbles "-a|" | merge b"#, "marbles \"-1-2|\" | map x * 2.5",
  ]

  /// Programs whose rows the browser playground drags (`/api/move`): every
  /// kind of literal row the program target then moves events of.
  static let draggablePrograms = [
    #"marbles "-a-(bc)-'42'-|" frame 50ms | map x"#,
    #"let a = marbles "-a---b-|"; let b = marbles "--1-2---#"; a | merge b"#,
    #"let a = marbles " 500ms a-b|" | map x; a; a @250ms"#,
    #"events 0ms:"i", 100.5ms:"ip", 450ms:"iph", 900ms:| | debounce 300ms"#,
    #"let q = events 0ms:1, 300ms:#"boom"; q | catch { just 0 }"#,
  ]

  /// Runs with more instants in a row than a diagram has columns, which
  /// `LongRunLayout` lays out straight from the recorded rows: crowded
  /// instants, letters, inner rows, a runtime error and a row ended early.
  static let longRunPrograms = [
    "interval 1ms | take 300 | map x * 7",
    "interval 1ms | take 200 | flatMap { just $0, $0 + 1, $0 + 2 | delay 3ms }",
    "interval 1ms | map 10 / (x - 250)",
    "interval 2ms | take 400 | zip { interval 3ms | take 100 }",
    "interval 1ms | take 300 | map x % 3 == 0 | collect 7",
  ]

  /// The help demos, the lessons' demos and each exercise's givens followed by its solution:
  /// whole programs, which all run.
  public static func completePrograms(lessons: [(fileName: String, text: String)]) -> [String] {
    var programs = HelpExamples.programs + argumentForms + swiftPrograms
    for (fileName, text) in lessons {
      let file = LessonParser().parse(text, fileName: fileName).file
      programs += file.demos.map(\.text)
      for exercise in file.exercises {
        // A Swift solution uses the givens as publishers, which only a lesson
        // gives it: the lesson target's seeds hold it.
        if let solution = exercise.solution?.text, !SwiftImportAnswers().looksLikeSwift(solution) {
          programs.append((exercise.givens.map(\.text) + [solution]).joined(separator: "\n"))
        }
      }
    }
    return programs
  }

  /// Every option of the keywords whose arguments take words of their own
  /// (`buffer`'s strategies, `untilOutputFrom`, `removeDuplicates by`), and
  /// each connectable form, in case no demo or lesson spells one of them.
  static let argumentForms = [
    "just 1,2,3 | buffer 2 prefetch: byRequest whenFull: dropNewest",
    "interval 10ms | take 5 | buffer 1 prefetch: keepFull whenFull: dropOldest | flatMap max 1 { just x | delay 30ms }",
    #"events 0ms:1, 10ms:2, 20ms:3 | buffer 1 whenFull: fail "full" | flatMap max 1 { just x | delay 50ms }"#,
    "let stop = timer 250ms; interval 100ms | prefix untilOutputFrom stop",
    "let go = subject 150ms:0; interval 100ms | drop untilOutputFrom go | take 2",
    #"marbles "-1-#" | tryCatch { e in e == "x" ? fail("again") : { just 0 } }"#,
    "just 1, 2, 12 | removeDuplicates by { a, b in a % 10 == b % 10 }",
    "let m = interval 100ms | take 2 | makeConnectable; m; connect m @50ms",
    "let t = interval 100ms | multicast | autoconnect; t @..250ms; t | take 1 @300ms",
    #"let p = published "a", 100ms:"b", 200ms:"c"; p; p | dropFirst @150ms"#,
    #"interval 100ms | handleEvents subscription: x, output: "got " + String(x), completion: x, cancel: "c", request: x | take 2"#,
    #"fail "boom" | handleEvents completion: "ended: " + x"#,
    "just 1 | eraseToAnyPublisher | setFailureType | merge { marbles \"-2-#\" }",
    #"events 0ms:1, 200ms:#"down" | assertNoFailure "check""#, "just 1 | assertNoFailure",
    #"just "1", "x" | map Int(x) | replaceNil -1"#,
    // Owners (issue 30): every holder clause, a cycle, one that ends, a late store.
    "let vm = owner; interval 100ms sink strong vm store vm; release vm @250ms",
    "let vm = owner; interval 100ms sink weak vm store vm @..500ms; release vm @250ms",
    #"let a = owner; let b = owner; just "p" | delay 300ms sink strong a store b; timer 50ms store a; release a; release b @100ms"#,
    "let vm = owner; release vm @100ms; interval 100ms | take 3 store vm @200ms",
    // Tasks and `values` (issue 31): a loop with a body, one without, a task's steps, a cancelled task.
    "let s = subject 100ms:1, 200ms:2, 300ms:3, 900ms:|; s | values each 150ms",
    "just 1,2,3 | buffer 2 prefetch: byRequest whenFull: dropOldest | values",
    "let s = subject 100ms:1, 500ms:2; task { sleep 50ms; s | values each 10ms; sleep 100ms } @20ms..400ms",
    "task { sleep 1s; sleep 2s } @..1500ms; task { just 1 | values }",
  ]

  /// Pasted Swift, which the program target reads as `eval --swift` does:
  /// every source, subject, scheduling and cancelling form the reader knows.
  public static let swiftPrograms = [
    // `--format swift` of a program with tasks (issue 32), read back by the reader: a task with a
    // sleep, a loop with a body and one without, cancelled by the app.
    """
    func program<S: Scheduler>(scheduler: S, log: @escaping (String) -> Void) -> Subscriptions {
      let start = scheduler.now
      let subscriptions = Subscriptions()
      let s = PassthroughSubject<Int, Never>()
      scheduler.schedule {
        subscriptions.tasks[0] = Task {
          try await scheduler.sleep(for: .milliseconds(150))
          for await _ in s.logging(0, to: log).values {
            try? await scheduler.sleep(for: .milliseconds(250))
          }
          for try await _ in Fail<Int, ProgramError>(error: ProgramError(message: "x")).logging(1, to: log).values {}
        }
      }
      scheduler.schedule(after: start.advanced(by: .milliseconds(350))) {
        subscriptions.tasks[0]?.cancel()
      }
      scheduler.schedule(after: start.advanced(by: .milliseconds(200))) { s.send(2) }
      return subscriptions
    }
    """,
    // XCTest cases (issue 32): assertions, an expectation waited for, setUp, a test scheduler, XCTUnwrap.
    """
    import XCTest
    final class SearchTests: XCTestCase {
      var cancellables = Set<AnyCancellable>()
      override func setUp() { super.setUp(); cancellables = [] }
      func testDebounce() throws {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<String, Never>()
        var received: [String] = []
        subject.debounce(for: .milliseconds(300), scheduler: scheduler).sink { received.append($0) }.store(in: &cancellables)
        subject.send("s")
        scheduler.advance(by: .milliseconds(100))
        XCTAssertEqual(received, [], "nothing yet")
        subject.send("sw")
        scheduler.advance(by: .milliseconds(300))
        XCTAssertEqual(try XCTUnwrap(received.last), "sw")
      }
      func testExpectation() {
        let e = expectation(description: "late")
        e.expectedFulfillmentCount = 2
        let c = Just(1).delay(for: .milliseconds(200), scheduler: DispatchQueue.main).sink { XCTAssertGreaterThan($0, 0); e.fulfill(); e.fulfill() }
        wait(for: [e], timeout: 0.5)
        XCTAssertNotNil(c)
      }
    }
    """,
    // Tasks (issue 31): a `for await` loop, a sleep cancelled, a task's value, a stream, a Future from a task.
    "let s = PassthroughSubject<Int, Never>(); let t = Task { for await v in s.values { print(v); try? await Task.sleep(for: .milliseconds(100)) } }; DispatchQueue.main.asyncAfter(deadline: .now() + 0.05) { s.send(1); s.send(2) }",
    "let t = Task { () -> Int in try await Task.sleep(nanoseconds: 200_000_000); return 1 }; Task { print(await t.result) }; Task.detached { try await Task.sleep(for: .milliseconds(50)); t.cancel() }",
    "let (stream, c) = AsyncStream.makeStream(of: Int.self); Task { for await v in stream { print(v) } }; c.yield(1); c.finish()",
    "let f = Future<Int, Never> { promise in Task { promise(.success(await Task.isCancelled ? 0 : 1)) } }; let c = f.sink { print($0) }; let first = await [1, 2].publisher.values.first(where: { $0 > 1 })",
    "[1, 2, 3].publisher.receive(on: DispatchQueue.main).print(\"tap\").handleEvents(receiveOutput: { print($0) }, receiveCancel: { print(\"c\") }).eraseToAnyPublisher().setFailureType(to: Error.self).assertNoFailure().prefix(2).sink { print($0) }",
    "[\"1\", \"x\"].publisher.map { Int($0) }.replaceNil(with: 0).removeDuplicates(by: { a, b in a == b }).buffer(size: 2, prefetch: .keepFull, whenFull: .dropOldest).subscribe(on: ImmediateScheduler.shared).sink { print($0) }",
    "[1, 2, 3].publisher.map { $0 * 2 }.debounce(for: .milliseconds(300), scheduler: RunLoop.main).sink { print($0) }",
    "(1...5).publisher.filter { $0 % 2 == 0 }.scan(0) { total, x in total + x }.collect()",
    "Just(1).flatMap(maxPublishers: .max(1)) { n in Just(n).delay(for: .milliseconds(n * 10), scheduler: RunLoop.main) }",
    """
    let query = PassthroughSubject<String, Never>()
    let scheduler = DispatchQueue.test
    func search(_ term: String) -> AnyPublisher<[String], Never> {
      Just([term + "!"]).delay(for: .milliseconds(200), scheduler: scheduler).eraseToAnyPublisher()
    }
    let c = query.removeDuplicates().debounce(for: .milliseconds(300), scheduler: scheduler)
      .map { term in search(term) }.switchToLatest().catch { _ in Just([]) }.sink { print($0) }
    query.send("s")
    scheduler.advance(by: .milliseconds(400))
    query.send("sw")
    c.cancel()
    """,
    """
    let value = CurrentValueSubject<Int, Never>(0)
    var c: AnyCancellable?
    c = value.combineLatest(Timer.publish(every: 0.1, on: .main, in: .common).autoconnect().prefix(3)) { $0 + $1 }
      .sink { print($0) }
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(150)) { value.send(completion: .finished) }
    c = nil
    """,
    """
    let f = Deferred { Future<String, Error> { promise in
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) { promise(.failure(URLError(.timedOut))) } } }
    let shared = f.retry(1).replaceError(with: "offline").share()
    let a = shared.sink { print($0) }
    let m = Empty<Int, Never>(completeImmediately: false).timeout(.milliseconds(300), scheduler: RunLoop.main)
      .multicast(subject: PassthroughSubject<Int, Never>())
    let b = m.sink { _ in }
    let connection = m.connect()
    """,
    """
    final class Model: ObservableObject {
      @Published var text = ""
      init() { $text.map { "\\($0)!" }.assign(to: &$text) }
    }
    let model = Model()
    model.text = "a"
    """,
    """
    let p: AnyPublisher<Int, Never> = Just(1).map { $0 * 2 }.eraseToAnyPublisher()
    let subject = PassthroughSubject<String, Never>()
    let c = p.sink { print($0) }
    let d = subject.sink { print($0) }
    subject.send("a")
    """,
    // The new checks agreeing: a helper's return type, typed sends and assignments, a literal Swift converts.
    """
    func search(_ q: String, limit: Int) -> AnyPublisher<[String], Never> {
      return Just([q]).delay(for: .milliseconds(limit), scheduler: RunLoop.main).eraseToAnyPublisher()
    }
    let query = CurrentValueSubject<String, Never>("s")
    let level = PassthroughSubject<Double, Never>()
    let c = query.map { q in search(q, limit: 100) }.switchToLatest().sink { print($0) }
    let d = level.sink { print($0) }
    query.value = "sw"
    level.send(1)
    """,
    // Failures by name agreeing: setFailureType, mapError to Error, a Never upstream taking the inner Failure.
    """
    enum SearchError: Error { case offline }
    let a = PassthroughSubject<Int, SearchError>()
    func request(_ q: Int) -> AnyPublisher<Int, URLError> { Fail(error: URLError(.badURL)).eraseToAnyPublisher() }
    let c = a.merge(with: Just(2).setFailureType(to: SearchError.self)).mapError { $0 as Error }
      .merge(with: Fail(error: SearchError.offline)).catch { _ in Empty() }
      .flatMap { x in request(x).retry(1).replaceError(with: 0) }.sink { print($0) }
    a.send(1)
    """,
    // A runtime error in the short form, named with the Swift it came from (`SwiftSourceMap`).
    "let c = [1, 0].publisher\n  .filter { $0 >= 0 }\n  .map { 10 / $0 }\n  .sink { print($0) }",
  ]

  /// Pasted Swift the reader refuses with a message: the refusal path is fuzzed too.
  public static let refusedSwiftPrograms = [
    "let c = URLSession.shared.dataTaskPublisher(for: url).map { $0.data }.sink { _ in }",
    "let c = Just(1).debounse(for: .seconds(1), scheduler: RunLoop.main).sink { _ in }",
    // A type error in the short form, pointed into the Swift (`SwiftSourceMap`).
    "let c = [1, 0].publisher\n  .map { 10 / $0 }\n  .map { $0 + \"a\" }\n  .sink { print($0) }",
    // The new checks refusing: a wrong-typed send, a helper returning another type than it says.
    """
    @Published var query: String = ""
    let subject = PassthroughSubject<String, Never>()
    func search(_ q: String) -> AnyPublisher<[String], Never> { Just(q).map { $0.count }.eraseToAnyPublisher() }
    let c = subject.merge(with: $query).flatMap { q in search(q) }.sink { print($0) }
    subject.send(1)
    query = 2
    """,
    "let s = CurrentValueSubject<String, Never>(0)\nlet p: AnyPublisher<[String], Never> = Just(1).eraseToAnyPublisher()\nlet c = p.sink { _ in }",
    // Failures by name (`FailureNames`): an invariant Failure, publishers meeting with two, an opaque return.
    """
    enum SearchError: Error { case offline }
    let a = PassthroughSubject<Int, SearchError>()
    let p: AnyPublisher<Int, Error> = Fail<Int, SearchError>(error: .offline).eraseToAnyPublisher()
    func f(_ x: Int) -> some Publisher<Int, Never> { Just(x).tryMap { $0 } }
    let c = a.merge(with: p).flatMap { x in f(x) }.map { _ in Just(1) }.switchToLatest().sink { _ in }
    """,
  ]

  /// Seed lessons for the lesson target: each exercise of each lesson as a
  /// small lesson of its own (header and that exercise), so seeds stay short.
  public static func lessons(_ lessons: [(fileName: String, text: String)]) -> [String] {
    var seeds: [String] = []
    for (fileName, text) in lessons {
      let file = LessonParser().parse(text, fileName: fileName).file
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      let header = "lesson: \(file.number ?? 1)\ntitle: \(file.title)\n\n"
      let starts = file.exercises.map { $0.line - 1 } + [lines.count]
      for (start, end) in zip(starts, starts.dropFirst()) where start >= 0 && start < end && end <= lines.count {
        seeds.append(header + lines[start..<end].joined(separator: "\n") + "\n")
      }
    }
    return seeds
  }

  /// A libFuzzer dictionary (`-dict=`): every keyword, lesson field and piece of syntax.
  public static var dictionary: String {
    let syntax =
      [
        " | ", "|", "{", "}", "{ a, b in ", " in ", "let ", "connect ", " = ", "@", "ms", "s", "...", "..<", ",", ":",
        "\"", "x", "acc", "$0", "==", "!=", "<=", "&&", "||", "!", "?", "%", "(", ")", "[", "]", "\n", "#", "-",
        "> ", "    ", "where ", "while ", " or ", "latest: ", "max ", "at ", "frame ", "true", "false", "nil",
        " on ", "prefetch: ", "whenFull: ", "byRequest", "keepFull", "dropOldest", "dropNewest", "untilOutputFrom ",
        "by ", "owner", " store ", " sink strong ", " sink weak ", "release ",
        // Pasted Swift
        ".publisher", "Just(", "PassthroughSubject<Int, Never>()", "CurrentValueSubject<Int, Never>(0)", ".send(",
        ".sink { print($0) }", ".store(in: &cancellables)", ".milliseconds(", "scheduler.advance(by: ",
        "DispatchQueue.main.asyncAfter(deadline: .now() + ", "Future { promise in ", "promise(.success(",
        "Deferred { ", "Timer.publish(every: 0.1, on: .main, in: .common).autoconnect()", ".cancel()",
        "final class T: XCTestCase {", "func test", "XCTAssertEqual(", "XCTAssertTrue(", "XCTAssertNil(", "XCTFail(",
        "XCTUnwrap(", "expectation(description: ", "wait(for: [", "timeout: ", ".fulfill()", "isInverted",
      ] + SchedulerName.allCases.map(\.rawValue)
    let fields = LessonField.allCases.map { "\($0.rawValue): " } + ["events", "marbles", "values"]
    let entries = Keywords.all.map(\.name) + fields + syntax
    var seen = Set<String>()
    return entries.filter { seen.insert($0).inserted }.enumerated().map { index, entry in
      "k\(index)=\"\(escaped(entry))\""
    }.joined(separator: "\n") + "\n"
  }

  /// libFuzzer's dictionary quoting: `\\`, `\"` and `\xNN` for bytes outside printable ASCII.
  private static func escaped(_ entry: String) -> String {
    entry.utf8.map { byte -> String in
      switch byte {
      case UInt8(ascii: "\\"): return "\\\\"
      case UInt8(ascii: "\""): return "\\\""
      case 0x20..<0x7F: return String(UnicodeScalar(byte))
      default: return "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
      }
    }.joined()
  }
}
