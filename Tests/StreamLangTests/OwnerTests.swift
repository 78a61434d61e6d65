import Foundation
import StreamCore
import Testing

@testable import StreamLang

/// Issue 30, item 4: the pipeline language's owners. Each rule is the ARC
/// rule of the Swift the short form stands for; where the corpus holds that
/// Swift, its swiftc build's output (`Tests/SwiftRunCorpus/Truth`) is the
/// truth the short form is held to.
@Suite struct OwnerTests {
  static func run(_ text: String) throws -> RunResult {
    let (result, diagnostics) = runProgram(text)
    guard let result else { throw Failed(message: diagnostics) }
    return result
  }

  struct Failed: Error { var message: String }

  /// `2500ms` from a Truth line `2500ms: StopwatchViewModel deinit`.
  static func truthTimes(_ name: String, containing text: String) throws -> [VirtualTime] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("SwiftRunCorpus/Truth/\(name).txt")
    return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { $0.contains(text) }.map {
      let milliseconds = Int($0.prefix { $0.isNumber })!
      return VirtualTime.zero.advanced(by: .milliseconds(milliseconds))
    }
  }

  static func at(_ milliseconds: Int) -> VirtualTime { VirtualTime.zero.advanced(by: .milliseconds(milliseconds)) }

  @Test func theStatementsParse() {
    let parsed = Parser.parse("let vm = owner\ninterval 1s sink weak vm store vm @..3s\nrelease vm @500ms")
    #expect(parsed.diagnostics.isEmpty)
    #expect(
      ASTShape.of(parsed.program)
        == "let vm = owner; interval(1000ms) sink weak vm store vm @..3000ms; release vm @500ms")
    // The words are keywords, as `connect` is: none of them can be bound.
    for word in ["owner", "store", "sink", "release"] {
      let refused = Parser.parse("let \(word) = just 1")
      #expect(refused.diagnostics.map(\.message) == ["`\(word)` is a keyword and cannot be bound; choose another name"])
    }
  }

  @Test func aWeakCaptureLetsTheOwnerGoAndItsTimerWithIt() throws {
    // Corpus 76 (`[weak self]`, a Set, released at 2500ms): swiftc's build
    // prints the deinit at 2500ms and no tick after it.
    let deinits = try Self.truthTimes("76-weak-self-set-released", containing: "deinit")
    let ticks = try Self.truthTimes("76-weak-self-set-released", containing: "tick")
    let result = try Self.run("let vm = owner\ninterval 1s sink weak vm store vm\nrelease vm @2500ms")
    #expect(
      result.lifetimes == [
        ObjectLifetime(typeName: "owner", made: .zero, released: deinits.first, leaked: false, name: "vm")
      ])
    let output = try #require(result.outputs.first)
    #expect(output.events.filter { if case .value = $0.kind { true } else { false } }.map(\.time) == ticks)
    #expect(output.events.last == TimelineEvent(time: Self.at(2500), kind: .cancelled))
    #expect(
      result.releases == [
        SubscriptionRelease(pipeline: 0, time: Self.at(2500), statement: "line 3: release vm @2500ms")
      ])
  }

  @Test func aStrongCaptureStoredInItsOwnerIsACycleThatKeepsTheTimerRunning() throws {
    // Corpus 75 (`self` captured strongly): no deinit, and ticks go on past the release.
    #expect(try Self.truthTimes("75-strong-self-timer-leak", containing: "deinit").isEmpty)
    let ticks = try Self.truthTimes("75-strong-self-timer-leak", containing: "tick")
    let result = try Self.run("let vm = owner\ninterval 1s sink strong vm store vm\nrelease vm @2500ms")
    #expect(result.lifetimes.map(\.leaked) == [true])
    let values = result.outputs[0].events.filter { if case .value = $0.kind { true } else { false } }.map(\.time)
    #expect(Array(values.prefix(ticks.count)) == ticks)
    #expect(
      result.notes.contains { $0.hasPrefix("leak: vm is never released: vm → its AnyCancellable → sink closure → vm") })
    #expect(result.releases.isEmpty)
  }

  @Test func aCycleEndsWhenItsPublisherCompletes() throws {
    // Corpus 78 (a subscription holding its object until the publisher
    // completes): let go of at 200ms, released at 500ms with the last value.
    let deinits = try Self.truthTimes("78-assign-on-self-completes", containing: "deinit")
    let released = try Self.truthTimes("78-assign-on-self-completes", containing: "released")
    #expect(released == [Self.at(200)])
    let result = try Self.run("let vm = owner\njust 10,20,30 | delay 500ms sink strong vm store vm\nrelease vm @200ms")
    #expect(result.lifetimes.map(\.released) == [deinits.first])
    #expect(result.outputs[0].events.last == TimelineEvent(time: Self.at(500), kind: .finished))
  }

  @Test func aStrongCaptureTheProgramKeepsIsAliveNotLeaked() throws {
    // Not stored in the owner: the program holds the subscription (a
    // global), and with it the owner. Nothing leaks; the owner lives on.
    let result = try Self.run("let vm = owner\ninterval 1s sink strong vm\nrelease vm @2500ms")
    #expect(result.lifetimes.map { [$0.released == nil, $0.leaked] } == [[true, false]])
    // Its cancel at 3s lets go of the owner then.
    let cancelled = try Self.run("let vm = owner\ninterval 1s sink strong vm @..3s\nrelease vm @2500ms")
    #expect(cancelled.lifetimes.map(\.released) == [Self.at(3000)])
  }

  @Test func aSubscriptionMadeAfterItsOwnerWentIsCancelledAtOnceWithANote() throws {
    let result = try Self.run("let vm = owner\nrelease vm @100ms\ninterval 1s store vm @300ms")
    #expect(result.outputs[0].events.map(\.kind) == [.subscribed, .requested(.unlimited), .cancelled])
    #expect(result.notes.contains { $0.hasPrefix("`vm` was let go of at 100ms, so the subscription made at 300ms") })
  }

  @Test func mistakesAreRefusedWhereTheyAreWritten() {
    let cases: [(String, String)] = [
      ("just 1 store vm", "`vm` is not an owner"),
      ("let vm = owner\njust 1 store wm", "`wm` is not an owner"),
      ("let vm = owner\njust 1 sink maybe vm", "`sink` after a pipeline says what its closure captures"),
      ("let s = just 1\njust 1 store s", "`s` is not an owner"),
      ("release vm @1s", "`vm` is not an owner"),
      ("let vm = owner\nlet vm = owner", "`vm` is already an owner in this program"),
      ("let vm = owner\nvm | map x", "`vm` is an owner: it holds subscriptions and sends nothing"),
      ("let vm = owner\njust 1 store vm store vm", "unexpected `store` after the end of the pipeline"),
    ]
    for (program, message) in cases {
      let (result, diagnostics) = runProgram(program)
      #expect(result == nil, "\(program)")
      #expect(diagnostics.contains(message), "\(program): \(diagnostics)")
    }
    let (_, misspelt) = runProgram("let vm = owner\njust 1 store wm")
    #expect(misspelt.contains("did you mean `vm`?"), "\(misspelt)")
    let (_, ownr) = runProgram("let vm = ownr")
    #expect(ownr.contains("did you mean `owner`?"), "\(ownr)")
  }
}
