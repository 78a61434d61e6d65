import Foundation
import StreamCore
import StreamLab
import SwiftRun
import Testing

/// Issue 32, item 2: an `XCTestCase` subclass in a paste runs each `test…`
/// method on a fresh clock with `setUp` and `tearDown` around it, and shows
/// its assertions at the times they ran, failed ones in XCTest's own words:
/// the words are checked against XCTest itself, compiled here by swiftc.
@Suite struct PastedXCTestTests {
  /// The test-scheduler debounce test of the articles: "sw" is sent at
  /// 100ms and survives 300ms of quiet, so it arrives at 400ms.
  static let debounceTest = """
    import Combine
    import CombineSchedulers
    import XCTest

    final class SearchTests: XCTestCase {
      var cancellables = Set<AnyCancellable>()

      func testDebounceDropsThePendingValue() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<String, Never>()
        var received: [String] = []
        subject
          .debounce(for: .milliseconds(300), scheduler: scheduler)
          .sink { received.append($0) }
          .store(in: &cancellables)
        subject.send("s")
        scheduler.advance(by: .milliseconds(100))
        subject.send("sw")
        scheduler.advance(by: .milliseconds(300))
        XCTAssertEqual(received, ["EXPECTED"])
      }
    }
    """

  /// The view-model form: an `XCTestExpectation` fulfilled from
  /// `vm.$state.dropFirst().first().sink { … }`, waited for on the virtual clock.
  static let viewModelTest = """
    import Combine
    import Foundation
    import XCTest

    enum LoadState: Equatable {
      case idle
      case loading
      case loaded([String])
    }

    final class ListViewModel: ObservableObject {
      @Published private(set) var state: LoadState = .idle
      private var cancellables = Set<AnyCancellable>()

      func load() {
        Just(["a", "b"])
          .delay(for: .milliseconds(200), scheduler: DispatchQueue.main)
          .sink { [weak self] items in self?.state = .loaded(items) }
          .store(in: &cancellables)
      }
    }

    final class ListViewModelTests: XCTestCase {
      var cancellables = Set<AnyCancellable>()

      override func setUp() {
        super.setUp()
        cancellables = []
      }

      func testLoadEndsLoaded() {
        let vm = ListViewModel()
        let expectation = XCTestExpectation(description: "loaded")
        vm.$state.dropFirst().first().sink { state in
          XCTAssertEqual(state, .loaded(["a", "b"]))
          expectation.fulfill()
        }.store(in: &cancellables)
        vm.load()
        wait(for: [expectation], timeout: TIMEOUT)
      }
    }
    """

  private func tests(_ swift: String) throws -> [TestCaseRun] {
    guard case .tested(let runs) = SwiftRun.run(swift) else {
      Issue.record("the paste did not run as tests")
      return []
    }
    return runs
  }

  @Test func theDebounceTestPassesWithItsAssertionAt400ms() throws {
    let run = try #require(try tests(Self.debounceTest.replacing("EXPECTED", with: "sw")).first)
    #expect(run.heading == "Test Case 'SearchTests.testDebounceDropsThePendingValue' passed (1 assertion)")
    let assertion = try #require(run.result.assertions.first)
    #expect(assertion.passed && assertion.time == .milliseconds(400) && assertion.line == 20)
    #expect(assertion.source == #"XCTAssertEqual(received, ["sw"])"#)
    // The diagram is the test's own run: the debounce row sends "sw" at 400ms.
    let output = try #require(run.result.outputs.first)
    #expect(output.marbleEvents.contains { $0.time == .milliseconds(400) && $0.kind == .value(.string("sw")) })
  }

  @Test func theSameTestExpectingTheDroppedValueFailsAsXCTestSaysIt() throws {
    let run = try #require(try tests(Self.debounceTest.replacing("EXPECTED", with: "s")).first)
    #expect(!run.passed)
    #expect(run.result.assertions.first?.message == #"XCTAssertEqual failed: ("["sw"]") is not equal to ("["s"]") - "#)
  }

  @Test func theExpectationIsFulfilledWhenTheDelayedLoadArrives() throws {
    let run = try #require(try tests(Self.viewModelTest.replacing("TIMEOUT", with: "1")).first)
    #expect(run.passed)
    let times = run.result.assertions.map(\.time)
    // The sink's assertion and the wait both at 200ms: the wait ran the clock until then, not to its timeout.
    #expect(times == [.milliseconds(200), .milliseconds(200)])
    #expect(run.result.assertions.map(\.source).last == "wait(for: [expectation], timeout: 1)")
  }

  @Test func aTimeoutShorterThanTheLoadFailsAtTheTimeout() throws {
    let run = try #require(try tests(Self.viewModelTest.replacing("TIMEOUT", with: "0.1")).first)
    #expect(!run.passed)
    let failure = try #require(run.result.assertions.last)
    #expect(failure.time == .milliseconds(100))
    #expect(
      failure.message
        == "Asynchronous wait failed - Exceeded timeout of 0.1 seconds, with unfulfilled expectations: loaded")
  }

  /// Each test starts from a fresh clock and fresh globals; `setUp` and
  /// `tearDown` run around each, in XCTest's order.
  @Test func eachTestRunsAloneWithSetUpAndTearDownAroundIt() throws {
    let swift = """
      import XCTest
      var made = 0
      final class OrderTests: XCTestCase {
        override func setUp() { made += 1; print("setUp \\(made)") }
        override func tearDown() { print("tearDown") }
        func testFirst() { print("first"); XCTAssertEqual(made, 1) }
        func testSecond() {
          DispatchQueue.main.asyncAfter(deadline: .now() + .seconds(5)) { print("never") }
          print("second"); XCTAssertEqual(made, 1)
        }
        func helper() { print("not a test") }
      }
      """
    let runs = try tests(swift)
    #expect(runs.map(\.methodName) == ["testFirst", "testSecond"])
    #expect(runs.allSatisfy { $0.passed })
    #expect(
      runs.map { $0.result.log.map(\.text) } == [["setUp 1", "first", "tearDown"], ["setUp 1", "second", "tearDown"]])
    // XCTest runs nothing of a test after it returns: the 5s work never runs.
    #expect(runs[1].result.stop == .testEnded(.zero))
  }

  /// Every assertion's failure message is the one XCTest prints: the same
  /// test is compiled by swiftc against the toolchain's XCTest and run.
  @Test func failureMessagesAreXCTestsOwn() throws {
    let body = """
          XCTAssertEqual(["s"], ["sw"])
          XCTAssertEqual(1, 2, "why")
          XCTAssertNotEqual(1, 1)
          XCTAssertTrue(false)
          XCTAssert(false)
          XCTAssertFalse(true)
          let s: String? = "x"
          XCTAssertNil(s)
          let n: Int? = nil
          XCTAssertNotNil(n)
          XCTFail("boom")
          XCTAssertGreaterThan(1, 2)
          XCTAssertGreaterThanOrEqual(1, 2)
          XCTAssertLessThan(2, 1)
          XCTAssertLessThanOrEqual(2, 1)
          let e = expectation(description: "loaded")
          wait(for: [e], timeout: 0.1)
          let f = expectation(description: "never")
          f.isInverted = true
          f.fulfill()
          wait(for: [f], timeout: 0.1)
          XCTAssertEqual("x", "y")
          XCTAssertTrue(false, "msg")
          _ = try XCTUnwrap(n)
          XCTFail("not reached: XCTUnwrap threw")
      """
    let paste = "import XCTest\nfinal class T: XCTestCase {\n  func testMessages() throws {\n\(body)\n  }\n"
    let ours = try #require(try tests(paste + "}\n").first).result.assertions.compactMap(\.message)
    let theirs = try XCTestRun.failureMessages(
      of: paste + "  static var allTests = [(\"testMessages\", testMessages)]\n}\nXCTMain([testCase(T.allTests)])\n")
    #expect(ours.count == 18)
    #expect(ours == theirs)
  }

  /// An `async` test awaiting `fulfillment(of:timeout:)`, expectations
  /// fulfilled out of the order `enforceOrder:` asks, and expectations never
  /// waited for: the same failures, lines included, as swiftc's XCTest.
  @Test func asyncWaitsOrderAndUnwaitedExpectationsAreXCTestsOwn() throws {
    let paste = """
      import XCTest
      final class T: XCTestCase {
        func testAsync() async {
          let e = expectation(description: "loaded")
          await fulfillment(of: [e], timeout: 0.1)
          let f = expectation(description: "on time")
          DispatchQueue.main.asyncAfter(deadline: .now() + 0.05) { f.fulfill() }
          await fulfillment(of: [f], timeout: 1)
        }
        func testOrder() {
          let a = expectation(description: "a")
          let b = expectation(description: "b")
          let c = expectation(description: "c")
          a.fulfill(); c.fulfill(); b.fulfill()
          wait(for: [a, b, c], timeout: 0.1, enforceOrder: true)
          let d = expectation(description: "d")
          let g = expectation(description: "g")
          _ = (d, g)
        }

      """
    let runs = try tests(paste + "}\n")
    let ours = runs.flatMap { run in
      run.result.assertions.filter { !$0.passed }.map { "\($0.line): \($0.message ?? "")" }
    }
    let theirs = try XCTestRun.failureMessages(
      of: paste
        + "  static var allTests = [(\"testAsync\", asyncTest(testAsync)), (\"testOrder\", testOrder)]\n}\n"
        + "XCTMain([testCase(T.allTests)])\n",
      withLines: true)
    #expect(ours.count == 3)
    #expect(ours == theirs)
    // The awaited expectation was fulfilled at 50ms on the virtual clock, and the wait ended then.
    #expect(runs.first?.result.assertions.last.map { $0.passed && $0.time == .milliseconds(150) } == true)
  }

  /// `var vm: ViewModel!` set in `setUp`, the way XCTest cases hold what
  /// they test: used as the value where one is needed, passed to `print` and
  /// `XCTAssertEqual` as the Optional it is, as swiftc's build prints.
  @Test func implicitlyUnwrappedPropertiesAreOptionalsSwiftUnwraps() throws {
    let paste = """
      import XCTest
      final class VM { var items: [Int] = []; func load() { items.append(1) } }
      final class T: XCTestCase {
        var vm: VM!
        var count: Int!
        override func setUp() { vm = VM(); count = 3 }
        func testIUO() {
          vm.load()
          XCTAssertEqual(count, 4)
          XCTAssertEqual(vm.items, [2])
          let n: Int = count + 1
          XCTAssertEqual(n, 5)
          XCTAssertGreaterThan(count, 5)
          let s: String? = "x"
          XCTAssertEqual(s, "y")
          vm = nil
          XCTAssertNil(vm)
          XCTAssertNotNil(vm)
        }

      """
    let run = try #require(try tests(paste + "}\n").first)
    let ours = run.result.assertions.filter { !$0.passed }.map { "\($0.line): \($0.message ?? "")" }
    let theirs = try XCTestRun.failureMessages(
      of: paste + "  static var allTests = [(\"testIUO\", testIUO)]\n}\nXCTMain([testCase(T.allTests)])\n",
      withLines: true)
    #expect(ours.count == 6)
    #expect(ours == theirs)
    // Where a value is needed, a nil `T!` is Swift's trap.
    let trapped = try #require(
      try tests("import XCTest\nfinal class T: XCTestCase {\n  var vm: [Int]!\n  func testNil() { _ = vm.count }\n}\n")
        .first)
    #expect(trapped.crash == "Unexpectedly found nil while implicitly unwrapping an Optional value (line 4:24, vm)")
    let added = try #require(
      try tests("import XCTest\nfinal class T: XCTestCase {\n  var n: Int!\n  func testNil() { n += 1 }\n}\n").first)
    #expect(added.crash?.hasPrefix("Unexpectedly found nil while implicitly unwrapping an Optional value") == true)
  }

  @Test func theFrontDoorShowsEachTestAndExitsOneWhenOneFails() throws {
    let failing = FrontDoor.evaluate(FrontDoorRequest(Self.debounceTest.replacing("EXPECTED", with: "s")))
    #expect(failing.exitStatus == 1)
    #expect(failing.document.contains("Test Case 'SearchTests.testDebounceDropsThePendingValue' failed"))
    #expect(
      failing.document.contains(#"400ms  ✗ line 20  XCTAssertEqual failed: ("["sw"]") is not equal to ("["s"]")"#))
    #expect(failing.document.hasSuffix("Executed 1 test, with 1 failure"))
    // On the time axis: the failed assertion's `✗` in the column of 400ms, under the debounce row's "sw".
    let lines = failing.document.split(separator: "\n").map(String.init)
    let row = try #require(lines.first { $0.hasPrefix("  assertions ") })
    let output = try #require(lines.first { $0.contains("--------sw") })
    #expect(
      row.firstIndex(of: "\u{2717}")?.utf16Offset(in: row) == output.range(of: "sw")?.lowerBound.utf16Offset(in: output)
    )
    let json = FrontDoorRequest(Self.debounceTest.replacing("EXPECTED", with: "sw"), format: .json)
    let document = FrontDoor.evaluate(json).document
    #expect(
      document.hasPrefix(
        #"{"tests": [{"class": "SearchTests", "name": "testDebounceDropsThePendingValue", "passed": true, "run": {"#))
    #expect(
      document.contains(
        #""assertions": [{"t": 400, "line": 20, "passed": true, "source": "XCTAssertEqual(received, [\"sw\"])"}]"#))
  }
}

/// A test compiled by swiftc against the toolchain's XCTest and run: its
/// failure messages, as XCTest prints them.
enum XCTestRun {
  /// - Parameter withLines: each message led by its line (`14: Failed due to …`).
  static func failureMessages(of source: String, withLines: Bool = false) throws -> [String] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("streamlab-xctest-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("main.swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    let binary = folder.appendingPathComponent("run").path
    _ = try output(of: "/usr/bin/env", ["swiftc", file.path, "-o", binary])
    return try output(of: binary, []).split(separator: "\n").compactMap { line in
      // `…/main.swift:7: error: T.testMessages : XCTAssertTrue failed - `
      guard let range = line.range(of: " : "), line.contains("error:") else { return nil }
      let message = String(line[range.upperBound...])
      guard withLines, let number = line.firstMatch(of: #/main\.swift:(\d+): error/#)?.1 else { return message }
      return "\(number): \(message)"
    }
  }

  private static func output(of executable: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
