import Foundation
import StreamLabFuzzing
import Testing

/// Every input the fuzzer (or the issue that asked for it) found to trap,
/// crash or hang streamlab, kept in `Crashers/TARGET/`: each must now end with
/// a result or a message. `scripts/fuzz` writes new crashers to
/// `fuzz-out/crashers/TARGET/`; copy one here to keep it fixed.
@Suite struct FuzzCrasherTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Crashers")

  /// "TARGET/FILE" for every committed crasher, in a stable order.
  static let crashers: [String] = FuzzTarget.allCases.flatMap { target in
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(target.rawValue).path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { "\(target.rawValue)/\($0)" }
  }

  @Test func everyTargetHasCommittedCrashers() {
    for target in FuzzTarget.allCases {
      #expect(Self.crashers.contains { $0.hasPrefix(target.rawValue + "/") }, "no crasher for \(target.rawValue)")
    }
  }

  @Test(arguments: crashers)
  func crasherEndsWithAResultOrAMessage(_ path: String) throws {
    let target = try #require(FuzzTarget(rawValue: String(path.prefix { $0 != "/" })))
    let data = try #require(FileManager.default.contents(atPath: Self.folder.appendingPathComponent(path).path))
    switch target.run(Array(data)) {
    case .refused(let messages): #expect(messages > 0)
    case .ran(let stop): #expect(!stop.isEmpty)
    }
  }
}
