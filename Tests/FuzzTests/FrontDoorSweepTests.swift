import Foundation
import StreamLabFuzzing
import Testing

/// Every prefix and suffix of the programs the project shows, through the
/// front door (issue 26: 274 of 21,542 such inputs trapped). The whole sweep
/// is `streamlab-fuzz sweep lessons/*.txt README.md ../shared/DSL.md`
/// (`scripts/sweep`); here every program's shortest cuts, where a leading
/// or trailing `|` lives, and a fixed sample of the rest.
@Suite struct FrontDoorSweepTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
    .standardizedFileURL

  static func programs() throws -> [String] {
    let lessonFolder = root.appendingPathComponent("lessons")
    let names = try FileManager.default.contentsOfDirectory(atPath: lessonFolder.path)
      .filter { $0.hasPrefix("lesson") && $0.hasSuffix(".txt") }.sorted()
    let lessons = try names.map { name in
      (fileName: name, text: try String(contentsOf: lessonFolder.appendingPathComponent(name), encoding: .utf8))
    }
    let documents = try [root.appendingPathComponent("README.md"), root.appendingPathComponent("../shared/DSL.md")]
      .map { try String(contentsOf: $0, encoding: .utf8) }
    return FrontDoorSweep.programs(lessons: lessons, documents: documents)
  }

  @Test func theSweepFindsTheProgramsOfTheLessonsTheReadmeAndTheLanguagePage() throws {
    let programs = try Self.programs()
    #expect(programs.count > 150, "only \(programs.count) programs")
    #expect(programs.contains("just 1,2,3 | map x*2 | debounce 300ms"), "the README's and DSL.md's first example")
    #expect(programs.contains("range 1...5 | filter x % 2 == 0"), "a must-run table cell with its `\\|` unescaped")
  }

  @Test func cutsAreEveryPrefixAndSuffixByCharacter() {
    #expect(FrontDoorSweep.cuts(of: "a|é") == ["a", "é", "a|", "|é", "a|é"])
  }

  @Test func theShortestCutsAndASampleOfTheRestGoThroughTheFrontDoor() throws {
    var failures: [String] = []
    var checked = 0
    for program in try Self.programs() {
      let cuts = FrontDoorSweep.cuts(of: program)
      // Cuts come shortest first, a prefix then a suffix: the first eight
      // hold `|`, `| m`, `x |`… The sample strides through the rest.
      for (index, input) in cuts.enumerated() where index < 8 || index % 23 == 0 {
        checked += 1
        if let failure = FrontDoorSweep.check(input) { failures.append(failure.description) }
      }
    }
    #expect(checked > 2_000)
    #expect(failures.isEmpty, "\(failures.prefix(10))")
  }
}
