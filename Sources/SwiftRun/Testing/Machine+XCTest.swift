import StreamCore
import StreamLang
import SwiftImport

/// XCTest in a paste (issue 32): the assertions, expectations and waits a
/// test method calls, each recorded with its virtual time and XCTest's own
/// wording, and the run of one `test…` method with `setUp` and `tearDown`.
extension Machine {
  /// The XCTest functions a test calls unqualified (a test case's own
  /// `wait` and `expectation` included).
  static let xctestFunctions: Set<String> = [
    "XCTAssert", "XCTAssertTrue", "XCTAssertFalse", "XCTAssertEqual", "XCTAssertNotEqual", "XCTAssertNil",
    "XCTAssertNotNil", "XCTAssertGreaterThan", "XCTAssertGreaterThanOrEqual", "XCTAssertLessThan",
    "XCTAssertLessThanOrEqual", "XCTFail", "XCTUnwrap", "XCTestExpectation", "expectation", "wait",
    "waitForExpectations", "fulfillment",
  ]

  /// The methods of `XCTestCase` a subclass runs around each test; `super.setUp()` does nothing more here.
  static let testCaseHooks: Set<String> = ["setUp", "tearDown", "setUpWithError", "tearDownWithError"]

  /// True for a class the paste declared as a subclass of `XCTestCase`.
  static func isTestCase(_ declaration: SwiftTypeDeclaration) -> Bool {
    declaration.kind == .class && declaration.inherited.contains { $0.description == "XCTestCase" }
  }

  /// Runs `methodName` of the test case `className` as XCTest runs it: the
  /// paste's top-level code first (its declarations, as a test target's
  /// files are compiled), then a fresh instance, `setUp`, the test,
  /// `tearDown`. The clock runs only while the test waits or advances a
  /// test scheduler: once the test returns, XCTest runs nothing more of it.
  func runTest(_ statements: [SwiftStatement], className: String, methodName: String) throws -> TestCaseRun {
    try declareTypesAndFunctions(statements, in: globals)
    var crash: String?
    do {
      try runTopLevelCode(statements)
      guard let type = types[className] else {
        throw refuse("`\(className)` is not declared", at: .init(start: 0, end: 0))
      }
      let instance = try instantiate(type, [], at: type.declaredAt)
      // XCTest keeps every test case alive until the whole run ends.
      globals.declare("streamlab.testCase", Variable(instance, isConstant: true))
      let scope = Scope(parent: globals, selfValue: instance)
      for name in ["setUpWithError", "setUp", methodName, "tearDown", "tearDownWithError"] {
        guard let method = type.methods[name]?.first(where: { $0.parameters.isEmpty }) else { continue }
        _ = try run(method, [], in: scope, at: method.range)
        // What the method's end releases (its locals), it released.
        runningStatement = method.range.start
        if let pendingError { throw pendingError }
      }
    } catch SwiftRunError.trap(let message, let range) {
      crash = "\(message) (\(place(range)))"
      recorder.fail(message, stage: place(range), value: nil)
    } catch SwiftRunError.thrown(let value, _) where value == Self.unwrapFailure {
      // `XCTUnwrap` recorded its own failure; XCTest adds nothing for the error it throws.
    } catch SwiftRunError.thrown(let value, let range) {
      // A throwing test that throws fails with XCTest's words, and goes no further.
      record(
        passed: false, source: source(range), message: "failed: caught error: \"\(SwiftText.plain(value))\"",
        at: range)
    } catch is RunEndedWhileWaiting {
      crash = "the test awaits what never comes"
    }
    recordUnwaitedExpectations()
    var result = result(clockStop: .idle)
    if case .idle = result.stop { result.stop = .testEnded(clock.now) }
    return TestCaseRun(className: className, methodName: methodName, result: result, crash: crash)
  }

  /// One XCTest call: an assertion, an expectation made or waited for.
  ///
  /// - Parameter unwrappedType: for `XCTUnwrap`, the type its message names
  ///   (`String` for a `String?`), when the static typer knows it.
  func xctestCall(_ name: String, _ arguments: [Argument], at range: SourceRange, unwrappedType: String? = nil)
    throws -> Value
  {
    let values = arguments.filter { $0.label == nil }.map(\.value)
    // The message follows the values an assertion compares: `XCTAssertEqual(a, b, "why")`, `XCTAssertTrue(c, "why")`.
    let compared = Self.comparedValues[name] ?? 1
    let message = values.count > compared ? messageText(values[compared]) : nil
    func value(_ index: Int) throws -> Value {
      guard values.indices.contains(index) else { throw refuse("`\(name)` needs more arguments", at: range) }
      return values[index]
    }
    switch name {
    case "XCTAssert", "XCTAssertTrue", "XCTAssertFalse":
      let expected = name != "XCTAssertFalse"
      guard case .bool(let condition) = try value(0) else {
        throw refuse("`\(name)` takes a Bool", at: range)
      }
      let failure = name == "XCTAssertFalse" ? "XCTAssertFalse failed" : "XCTAssertTrue failed"
      assert(condition == expected, failure, message, at: range)
    case "XCTAssertEqual", "XCTAssertNotEqual":
      var (a, b) = (try value(0), try value(1))
      let equal = try binary("==", a, b, at: range) == .bool(true)
      // One generic `T` for both: beside an Optional, the other value is one too (`Optional(4)`).
      if a.opaque(as: OptionalValue.self) != nil, b != .null { b = b.asOptional }
      if b.opaque(as: OptionalValue.self) != nil, a != .null { a = a.asOptional }
      let shown =
        "(\"\(SwiftText.plain(a))\") is \(name == "XCTAssertEqual" ? "not " : "")equal to (\"\(SwiftText.plain(b))\")"
      assert(equal == (name == "XCTAssertEqual"), "\(name) failed: \(shown)", message, at: range)
    case "XCTAssertGreaterThan", "XCTAssertGreaterThanOrEqual", "XCTAssertLessThan", "XCTAssertLessThanOrEqual":
      let (a, b) = (try value(0), try value(1))
      let (op, words): (String, String) =
        switch name {
        case "XCTAssertGreaterThan": (">", "is not greater than")
        case "XCTAssertGreaterThanOrEqual": (">=", "is less than")
        case "XCTAssertLessThan": ("<", "is not less than")
        default: ("<=", "is greater than")
        }
      let holds = try binary(op, a, b, at: range) == .bool(true)
      let shown = "(\"\(SwiftText.plain(a))\") \(words) (\"\(SwiftText.plain(b))\")"
      assert(holds, "\(name) failed: \(shown)", message, at: range)
    case "XCTAssertNil", "XCTAssertNotNil":
      let tested = try value(0)
      let isNil = tested == .null
      // XCTest shows the value inside the optional.
      let shown = SwiftText.plain(tested.opaque(as: OptionalValue.self)?.wrapped ?? tested)
      let failure = name == "XCTAssertNil" ? "XCTAssertNil failed: \"\(shown)\"" : "XCTAssertNotNil failed"
      assert(isNil == (name == "XCTAssertNil"), failure, message, at: range)
    case "XCTFail":
      let text = message ?? ""
      record(passed: false, source: source(range), message: "failed - \(text)", at: range)
    case "XCTUnwrap":
      let wrapped = try value(0)
      guard wrapped != .null else {
        let type = unwrappedType.map { " of type \"\($0)\"" } ?? ""
        let suffix = " - " + (message ?? "")
        record(
          passed: false, source: source(range), message: "XCTUnwrap failed: expected non-nil value\(type)\(suffix)",
          at: range)
        throw SwiftRunError.thrown(Self.unwrapFailure, range)
      }
      if let optional = wrapped.opaque(as: OptionalValue.self) { return optional.wrapped }
      return wrapped
    case "XCTestExpectation", "expectation":
      let description = arguments.first { $0.label == "description" }.map { SwiftText.plain($0.value) } ?? ""
      let expectation = ExpectationValue(description: description, madeAt: range)
      expectations.append(expectation)
      return .opaque(expectation)
    case "wait", "waitForExpectations", "fulfillment":
      // `await fulfillment(of: [e], timeout: 1)` is the async test's `wait(for:timeout:)`.
      try wait(for: arguments, at: range)
    default:
      throw refuse("streamlab does not run XCTest's `\(name)`", at: range)
    }
    return .void
  }

  /// How many values each assertion compares before its message.
  static let comparedValues: [String: Int] = [
    "XCTAssertEqual": 2, "XCTAssertNotEqual": 2, "XCTAssertGreaterThan": 2, "XCTAssertGreaterThanOrEqual": 2,
    "XCTAssertLessThan": 2, "XCTAssertLessThanOrEqual": 2, "XCTFail": 0,
  ]

  /// What `XCTUnwrap` throws after recording its failure.
  static let unwrapFailure = Value.string("streamlab: XCTUnwrap failed")

  /// A message argument's text.
  private func messageText(_ value: Value) -> String? {
    guard case .string(let text) = value else { return nil }
    return text
  }

  private func assert(_ holds: Bool, _ failure: String, _ message: String?, at range: SourceRange) {
    // XCTest always ends a failure with " - " and the message, empty or not.
    let suffix = " - " + (message ?? "")
    record(passed: holds, source: source(range), message: holds ? nil : failure + suffix, at: range)
  }

  func record(passed: Bool, source: String, message: String?, at range: SourceRange) {
    let line = SourceLocation(of: range, in: text).line
    let oneLine = source.split(separator: "\n").map { $0.drop(while: \.isWhitespace) }.joined(separator: " ")
    assertions.append(
      AssertionResult(time: clock.now, line: line, source: oneLine, passed: passed, message: message))
  }

  /// `wait(for: [e], timeout: 1)`: the virtual clock runs until every
  /// expectation is fulfilled or the timeout has passed, as XCTest's wait
  /// lets the main run loop run. With a test scheduler nothing moves while
  /// the test waits (it moves only when advanced), as with Point-Free's.
  private func wait(for arguments: [Argument], at range: SourceRange) throws {
    guard let timeoutArgument = arguments.first(where: { $0.label == "timeout" }) else {
      throw refuse("`wait` needs a `timeout:`", at: range)
    }
    let seconds: Double
    switch timeoutArgument.value {
    case .int(let whole): seconds = Double(whole)
    case .double(let fraction): seconds = fraction
    default: throw refuse("`timeout:` is a number of seconds", at: timeoutArgument.range)
    }
    let expectations: [ExpectationValue]
    if let listed = arguments.first(where: { $0.label == "for" || $0.label == "of" }) {
      guard case .array(let items) = listed.value else { throw refuse("`for:` lists expectations", at: listed.range) }
      expectations = items.compactMap { $0.opaque(as: ExpectationValue.self) }
    } else {
      expectations = self.expectations
    }
    for expectation in expectations { expectation.waitedFor = true }
    let enforcesOrder = arguments.first { $0.label == "enforceOrder" }?.value == .bool(true)
    // XCTest waits as long as it is told; a timeout past the last instant the
    // clock can hold (`timeout: 1e300`) ends there (it trapped the process before).
    let wait = VirtualInterval.seconds(max(0, seconds)).nanoseconds
    let (end, overflows) = clock.now.nanoseconds.addingReportingOverflow(wait)
    let deadline = VirtualTime(nanoseconds: overflows ? .max : end)
    let ordinary = expectations.filter { !$0.isInverted }
    if !madeTestScheduler {
      if ordinary.isEmpty || expectations.contains(where: \.isInverted) {
        clock.advance(to: deadline)
      } else if clock.run(until: deadline, orUntil: { ordinary.allSatisfy(\.isFulfilled) }) != nil {
        clock.advance(to: deadline)
      }
    }
    let unfulfilled = ordinary.filter { !$0.isFulfilled }
    let inverted = expectations.filter { $0.isInverted && $0.isFulfilled }
    // XCTest's words, as swift-corelibs-xctest prints them (`Double` seconds, names unquoted).
    var failure: String?
    var place = range
    if enforcesOrder, let (required, fulfilled) = Self.firstOutOfOrder(expectations) {
      failure =
        "Failed due to expectation fulfilled in incorrect order: requires '\(required.expectationDescription)', "
        + "actually fulfilled '\(fulfilled.expectationDescription)'"
      // XCTest names the line of the `fulfill()` that came out of turn.
      place = fulfilled.firstFulfilment?.at ?? range
    } else if !unfulfilled.isEmpty {
      let names = unfulfilled.map(\.expectationDescription).joined(separator: ", ")
      failure =
        "Asynchronous wait failed - Exceeded timeout of \(seconds) seconds, with unfulfilled expectations: \(names)"
    } else if let fulfilled = inverted.first {
      failure = "Asynchronous wait failed - Fulfilled inverted expectation '\(fulfilled.expectationDescription)'"
    }
    record(passed: failure == nil, source: source(range), message: failure, at: place)
  }

  /// With `enforceOrder: true`: the first expectation listed that was not
  /// the next to be fulfilled, and the one fulfilled in its place.
  private static func firstOutOfOrder(_ listed: [ExpectationValue]) -> (ExpectationValue, ExpectationValue)? {
    let fulfilled = listed.filter { $0.firstFulfilment != nil }.sorted {
      ($0.firstFulfilment?.order ?? 0) < ($1.firstFulfilment?.order ?? 0)
    }
    for (required, actual) in zip(listed, fulfilled) where required !== actual { return (required, actual) }
    return nil
  }

  /// At the test's end: XCTest fails a test that made expectations and never
  /// waited for them, at the line of the first one.
  func recordUnwaitedExpectations() {
    let unwaited = expectations.filter { !$0.waitedFor }
    guard let first = unwaited.first else { return }
    let names = unwaited.map { "'\($0.expectationDescription)'" }.joined(separator: ", ")
    record(
      passed: false, source: source(first.madeAt),
      message: "Failed due to unwaited expectation\(unwaited.count == 1 ? "" : "s") \(names)", at: first.madeAt)
  }

  /// `fulfill()` and the properties of an expectation.
  func expectationMember(_ name: String, of expectation: ExpectationValue, at range: SourceRange) throws -> Value {
    switch name {
    case "fulfill":
      // swift-corelibs-xctest lets an expectation be fulfilled again without a word.
      if expectation.firstFulfilment == nil { fulfilmentCount += 1 }
      expectation.fulfill(order: fulfilmentCount, at: range)
      return .void
    default:
      throw refuse("streamlab does not run `XCTestExpectation.\(name)`", at: range)
    }
  }

  /// `expectation.isInverted = true`, `expectation.expectedFulfillmentCount = 3`.
  func setExpectationProperty(_ name: String, of expectation: ExpectationValue, to value: Value, at range: SourceRange)
    throws
  {
    switch (name, value) {
    case ("isInverted", .bool(let inverted)): expectation.isInverted = inverted
    case ("expectedFulfillmentCount", .int(let count)) where count > 0: expectation.expectedCount = count
    case ("assertForOverFulfill", .bool): break
    default: throw refuse("streamlab cannot set `.\(name)` of an XCTestExpectation", at: range)
    }
  }
}
