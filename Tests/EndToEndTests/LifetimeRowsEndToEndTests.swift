import Foundation
import Testing

/// Issue 30, item 3: an object that held subscriptions gets a lifetime row
/// on the diagram's time axis, and each subscription a release ended says
/// which statement released it, in every format of the binary. The pastes
/// are the corpus's 75 and 76, whose release times swiftc's own build prints
/// (`CorpusAgreementTests`: "2500ms StopwatchViewModel deinit").
@Suite struct LifetimeRowsEndToEndTests {
  static func snippet(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("SwiftRunCorpus/Snippets/\(name).swift").path
  }

  static func eval(_ name: String, _ format: String) throws -> String {
    let run = try ProcessRun.streamlab(
      ["eval", "--swift", "-f", snippet(name), "--format", format, "--width", "100"])
    #expect(run.status == 0, "stderr: \(run.standardError)")
    return run.standardOutput
  }

  @Test func aReleasedOwnersRowEndsInItsDeinitUnderTheCancelItCaused() throws {
    let lines = try Self.eval("76-weak-self-set-released", "text").split(separator: "\n").map(String.init)
    guard let lifetime = lines.firstIndex(where: { $0.hasPrefix("    StopwatchViewModel ") }) else {
      Issue.record("no lifetime row in\n\(lines.joined(separator: "\n"))")
      return
    }
    #expect(lines[lifetime - 1] == "lifetimes:")
    #expect(lines[lifetime].hasSuffix("x deinit 2500ms"), "\(lines[lifetime])")
    // The `x` stands at 2500ms: the column where the timer's row was cancelled.
    let output = try #require(lines.firstIndex { $0.hasPrefix("> .handleEvents") })
    let cancelColumn = lines[output + 1].firstIndex(of: "!").map {
      lines[output + 1].distance(from: lines[output + 1].startIndex, to: $0)
    }
    let deinitColumn = lines[lifetime].firstIndex(of: "x").map {
      lines[lifetime].distance(from: lines[lifetime].startIndex, to: $0)
    }
    #expect(cancelColumn != nil && cancelColumn == deinitColumn, "\(lines[output + 1])\n\(lines[lifetime])")
    #expect(
      lines.contains {
        $0.hasPrefix("! at 2500ms: line 28: stopwatch = nil released the AnyCancellable of `Timer.publish(every: 1,")
      }, "\(lines.joined(separator: "\n"))")
  }

  @Test func aLeakedOwnersRowRunsToTheEndAndSaysLeaked() throws {
    let text = try Self.eval("75-strong-self-timer-leak", "text")
    let row = text.split(separator: "\n").first { $0.hasPrefix("    StopwatchViewModel ") }
    #expect(row?.hasSuffix("… leaked") == true, "\(text)")
    // Nothing released the timer's subscription: no legend line says so.
    #expect(!text.contains("released the AnyCancellable"))
  }

  @Test func eventsJSONAndSVGCarryTheSameLifetimeAndRelease() throws {
    let events = try Self.eval("76-weak-self-set-released", "events")
    #expect(events.contains("lifetime StopwatchViewModel\n  t=0ms  made\n  t=2500ms  deinit\n"), "\(events)")
    #expect(events.contains("! at 2500ms: line 28: stopwatch = nil released the AnyCancellable"))

    struct Document: Decodable {
      struct Lifetime: Decodable, Equatable {
        var type: String
        var made: Double
        var released: Double?
        var leaked: Bool
      }
      struct Release: Decodable, Equatable {
        var pipeline: Int
        var t: Double
        var statement: String
        var by: String
      }
      var lifetimes: [Lifetime]
      var releases: [Release]
    }
    let json = try JSONDecoder().decode(
      Document.self, from: Data(try Self.eval("76-weak-self-set-released", "json").utf8))
    #expect(json.lifetimes == [.init(type: "StopwatchViewModel", made: 0, released: 2500, leaked: false)])
    #expect(json.releases == [.init(pipeline: 0, t: 2500, statement: "line 28: stopwatch = nil", by: "release")])

    let svg = try Self.eval("76-weak-self-set-released", "svg")
    #expect(svg.contains("class=\"lifetime\""))
    #expect(svg.contains("<title>deinit at 2500ms</title>"))
    #expect(svg.contains(">deinit 2500ms</text>"))
    let leaked = try Self.eval("75-strong-self-timer-leak", "svg")
    #expect(leaked.contains("class=\"leaked\">leaked</text>"))
  }

  @Test func anOwnerReleasedWhenItsPublisherCompletedCancelsNothing() throws {
    // `assign(to:on:)` on a publisher that completes: the owner goes when it
    // completes, and no subscription was cancelled by a release.
    let text = try Self.eval("78-assign-on-self-completes", "text")
    #expect(text.contains("lifetimes:"), "\(text)")
    #expect(!text.contains("released the AnyCancellable"), "\(text)")
  }

  @Test func anObjectAGlobalKeepsHasNoRowButJSONListsIt() throws {
    // `loader` is a global, alive to the end: a row would say only "alive".
    // Its reassigned load was cancelled by a statement, which the legend names.
    let text = try Self.eval("80-reassign-cancellable", "text")
    #expect(!text.contains("lifetimes:"), "\(text)")
    #expect(text.contains("! at 100ms: line 9: loading = Just(id)"), "\(text)")
    let json = try Self.eval("80-reassign-cancellable", "json")
    #expect(json.contains(#""lifetimes": [{"type": "DetailLoader", "made": 0, "released": null, "leaked": false}]"#))
  }

  @Test func anOwnerWithNothingSubscribedSaysWhatToWrite() throws {
    let run = try ProcessRun.streamlab(["eval", "let vm = owner; release vm @1s"])
    #expect(run.status == 2)
    #expect(
      run.standardError.contains(
        "nothing to run: no pipeline is subscribed, so `vm` holds nothing; store one in it, such as `interval 1s store vm`"
      ), "\(run.standardError)")
  }

  @Test func aCancelIsNamedAsACancelNotAsARelease() throws {
    // Corpus 44: `subscription?.cancel()` at 300ms, where swiftc's build logs
    // the subscriber's `cancelled` (Events/44-cancel-midway.txt).
    let text = try Self.eval("44-cancel-midway", "text")
    #expect(
      text.contains("! at 300ms: line 13: subscription?.cancel() cancelled the subscription of"), "\(text)")
    let json = try Self.eval("44-cancel-midway", "json")
    #expect(json.contains(#""statement": "line 13: subscription?.cancel()", "by": "cancel"}"#), "\(json)")
  }
}
