import Foundation
import StreamCore
import StreamLang
import SwiftRun
import Testing

/// Issue 29's measure: every paste of `Tests/SwiftRunCorpus/Snippets`, run by
/// the interpreter, prints what swiftc's build of the same paste against
/// OpenCombine printed on a virtual clock (`Truth/`, written by the oracle
/// in `SwiftRunCorpusTests`), line for line, time and text, or is refused at
/// a line and column. `scripts/swiftrun-corpus` measures the same through the
/// binary's front door.
@Suite struct CorpusAgreementTests {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../SwiftRunCorpus").standardizedFileURL

  /// Pastes the interpreter refuses, each with why (none may draw a diagram).
  static let knownRefusals: [String: String] = [
    "72-custom-subscriber-demand": "typealias"
  ]

  static func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: corpus.appendingPathComponent("Snippets").path)
      .filter { $0.hasSuffix(".swift") }.map { String($0.dropLast(".swift".count)) }.sorted()
  }

  @Test func theCorpusHoldsAtLeastSixtyPastes() throws {
    #expect(try Self.names().count >= 60)
  }

  @Test(arguments: try names())
  func aPastePrintsWhatSwiftPrints(_ name: String) throws {
    let swift = try String(
      contentsOf: Self.corpus.appendingPathComponent("Snippets/\(name).swift"), encoding: .utf8)
    let truth = try String(contentsOf: Self.corpus.appendingPathComponent("Truth/\(name).txt"), encoding: .utf8)
      .split(separator: "\n").map(String.init)
    let swiftRefuses = truth.count == 1 && truth[0].hasPrefix("refused: ")
    switch SwiftRun.run(swift) {
    case .refused(let diagnostic):
      #expect(
        swiftRefuses || Self.knownRefusals[name].map { diagnostic.message.contains($0) } == true,
        "\(name) refused: \(diagnostic.message)")
      #expect(diagnostic.range.end > 0, "a refusal points at its place")
    case .ran(let result, _):
      #expect(!swiftRefuses, "\(name) ran, but the oracle refuses it: \(truth[0])")
      #expect(Self.knownRefusals[name] == nil, "\(name) runs now: take it off the known refusals")
      let printed = result.log.map { "\(Self.stamp($0.time)): \($0.text)" }
      #expect(printed == truth, "\(name)")
    case .tested:
      Issue.record("\(name) is a test case; the corpus holds scripts")
    }
  }

  /// The oracle's `250ms` and `0.5ms`.
  static func stamp(_ time: VirtualTime) -> String {
    let nanoseconds = time.nanoseconds
    if nanoseconds % 1_000_000 == 0 { return "\(nanoseconds / 1_000_000)ms" }
    return "\(Double(nanoseconds) / 1_000_000)ms"
  }
}
