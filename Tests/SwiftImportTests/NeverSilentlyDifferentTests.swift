import SwiftImport
import Testing

/// Issue 27, item 7: every construct of a paste is run as Swift runs it or
/// refused at its line and column with what to write instead. Each of these
/// ran before with no word and drew what Swift would not.
///
/// The rules, from Apple's documentation: "A `PassthroughSubject` drops
/// values if there are no subscribers, or its current demand is zero";
/// `CurrentValueSubject` "maintains a buffer of the most recently published
/// element"; "An `AnyCancellable` instance automatically calls `cancel()`
/// when deinitialized" (so removing it from a set, or overwriting the
/// variable that held it, cancels). `share()` takes no arguments in Combine.
@Suite struct NeverSilentlyDifferentTests {
  @Test(
    arguments: [
      (
        "let c = [1, 2].publisher.share(replay: 1, scope: .whileConnected).sink { print($0) }",
        "1:40: error: `share` takes no arguments in Combine"
      ),
      (
        "let m = [1, 2].publisher.multicast(subject: CurrentValueSubject(0))\nlet k = m.connect()",
        "1:9: error: streamlab's `multicast` takes a `PassthroughSubject`"
      ),
      (
        "let s = PassthroughSubject<Int, Never>()\nlet c = s.sink { [weak self] v in print(v) }",
        "2:18: error: streamlab cannot model a capture list (`[weak self]`) yet"
      ),
      (
        "let api = 1\nlet c = Just(1).map { [api] v in v + api }.sink { print($0) }",
        "2:23: error: streamlab cannot model a capture list (`[api]`) yet"
      ),
      (
        "let s = [1, 2].publisher.map { $0 * 2 }\nlet c = s.sink { print($0) }\nXCTAssertEqual(1, 2)",
        "3:1: error: streamlab does not run XCTest's `XCTAssertEqual` yet"
      ),
      (
        "let p = [1, 2].publisher\nlet v = try await p.values.first(where: { _ in true })",
        "2:13: error: streamlab cannot run `await` (async/await) yet"
      ),
      (
        "let s = PassthroughSubject<Int, Never>()\nlet a = s.sink { print($0) }\ns.send(1)\nlet b = s.sink { print($0) }",
        "4:9: error: in Swift this subscription comes after `s`'s send at 0ms, so it misses it"
      ),
    ] as [(String, String)])
  func refusedAtItsPlace(swift: String, message: String) throws {
    let diagnostic = try #require(Runs.diagnostic(of: swift), "\(swift) was read without a word")
    #expect(diagnostic.contains(message), "\(diagnostic)")
  }

  @Test func aPassthroughSubjectDropsASendBeforeAnythingSubscribes() throws {
    let swift = "let s = PassthroughSubject<Int, Never>()\ns.send(1)\nlet c = s.sink { print($0) }\ns.send(2)"
    let translation = try #require(Runs.translation(of: swift))
    #expect(try Runs.outputs(of: translation.program) == ["0ms:2"])
    #expect(translation.notes.contains { $0.contains("a PassthroughSubject drops what nobody hears") })
  }

  @Test func aCurrentValueSubjectHandsItsFirstSubscriberTheValueItHoldsThen() throws {
    let swift = "let s = CurrentValueSubject<Int, Never>(0)\ns.send(1)\nlet c = s.sink { print($0) }\ns.send(2)"
    let translation = try #require(Runs.translation(of: swift))
    #expect(try Runs.outputs(of: translation.program) == ["0ms:1, 0ms:2"])
  }

  @Test func removingEveryCancellableCancelsTheirSubscriptions() throws {
    let swift = """
      var cancellables = Set<AnyCancellable>()
      let s = PassthroughSubject<Int, Never>()
      let scheduler = DispatchQueue.test
      s.sink { print($0) }.store(in: &cancellables)
      scheduler.advance(by: .milliseconds(100))
      s.send(1)
      scheduler.advance(by: .milliseconds(100))
      cancellables.removeAll()
      s.send(2)
      """
    let translation = try #require(Runs.translation(of: swift))
    #expect(try Runs.outputs(of: translation.program) == ["100ms:1, 200ms:!"])
  }

  @Test func assigningAnEmptySetCancelsToo() throws {
    let swift = """
      var cancellables = Set<AnyCancellable>()
      let scheduler = DispatchQueue.test
      Timer.publish(every: 0.1, on: .main, in: .common).autoconnect().sink { print($0) }.store(in: &cancellables)
      scheduler.advance(by: .milliseconds(250))
      cancellables = []
      """
    let translation = try #require(Runs.translation(of: swift))
    #expect(try Runs.outputs(of: translation.program) == ["100ms:0, 200ms:1, 250ms:!"])
  }

  @Test func reassigningACancellableCancelsTheOldSubscription() throws {
    let swift = """
      let scheduler = DispatchQueue.test
      var c = Timer.publish(every: 0.1, on: .main, in: .common).autoconnect().sink { print($0) }
      scheduler.advance(by: .milliseconds(250))
      c = Just(1).sink { print($0) }
      """
    let translation = try #require(Runs.translation(of: swift))
    #expect(try Runs.outputs(of: translation.program) == ["100ms:0, 200ms:1, 250ms:!", "250ms:^, 250ms:1, 250ms:|"])
  }

  @Test func aRemoveAllOnASetNothingWasStoredInIsRefused() throws {
    let swift = "var held = Set<AnyCancellable>()\nlet c = Just(1).sink { print($0) }\nheld.removeAll()"
    let diagnostic = try #require(Runs.diagnostic(of: swift))
    #expect(diagnostic.contains("3:1: error: streamlab cannot tell which subscriptions `held` holds"))
  }

  /// A subject an object owns, sent to from outside, as every view model is driven.
  @Test func aSubjectOwnedByAnObjectIsSentToFromOutside() throws {
    let swift = """
      final class Model {
        let s = PassthroughSubject<Int, Never>()
        var c: AnyCancellable?
        init() { c = s.sink { print($0) } }
      }
      let m = Model()
      m.s.send(1)
      """
    let translation = try #require(Runs.translation(of: swift))
    #expect(try Runs.outputs(of: translation.program) == ["0ms:1"])
  }

  /// Swift runs a method when it is called, not where it is written.
  @Test func aMethodRunsWhereItIsCalledAndNotBefore() throws {
    let swift = """
      final class Model {
        let s = PassthroughSubject<Int, Never>()
        var c: AnyCancellable?
        func start() { c = s.sink { print($0) } }
      }
      let m = Model()
      m.s.send(1)
      m.start()
      m.s.send(2)
      """
    let translation = try #require(Runs.translation(of: swift))
    #expect(try Runs.outputs(of: translation.program) == ["0ms:2"])
  }

  @Test func aMethodNothingCallsRunsNothing() throws {
    let swift = """
      final class Model {
        let s = PassthroughSubject<Int, Never>()
        var c: AnyCancellable?
        func start() { c = s.sink { print($0) } }
      }
      let m = Model()
      m.s.send(1)
      """
    let translation = try #require(Runs.translation(of: swift))
    // Only the subject is bound; nothing subscribes (the front door then says "nothing to run").
    #expect(try Runs.outputs(of: translation.program) == [])
  }

  @Test func aSecondInstanceOfATypeIsRefused() throws {
    let swift = "final class Model {\n  let s = PassthroughSubject<Int, Never>()\n}\nlet a = Model()\nlet b = Model()"
    let diagnostic = try #require(Runs.diagnostic(of: swift))
    #expect(diagnostic.contains("5:9: error: streamlab reads one instance of each of your types, made at 4:9"))
  }

  /// A plain value type is made as often as the Swift makes it.
  @Test func aValueTypeMayBeMadeMoreThanOnce() throws {
    let swift =
      "struct User {\n  let name: String\n}\nlet a = User(name: \"a\")\nlet b = User(name: \"b\")\nlet c = Just(1).sink { print($0) }"
    let translation = try #require(Runs.translation(of: swift))
    #expect(try Runs.outputs(of: translation.program) == ["0ms:1, 0ms:|"])
  }
}
