import Foundation
import StreamLab
import StreamLabFuzzing
import StreamLang
import Testing

@Suite struct SeedCorpusTests {
  static let lessonsFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("lessons")

  static func lessons() throws -> [(fileName: String, text: String)] {
    let names = try FileManager.default.contentsOfDirectory(atPath: lessonsFolder.path)
      .filter { $0.hasPrefix("lesson") && $0.hasSuffix(".txt") }.sorted()
    return try names.map { ($0, try String(contentsOf: lessonsFolder.appendingPathComponent($0), encoding: .utf8)) }
  }

  @Test func theDictionaryHasAnEntryForEveryKeyword() {
    let entries = Set(
      SeedCorpus.dictionary.split(separator: "\n").map { line in
        String(line.drop { $0 != "=" }.dropFirst().dropFirst().dropLast())
      })
    for keyword in Keywords.all { #expect(entries.contains(keyword.name), "\(keyword.name)") }
  }

  @Test func everyHelpDemoAndLessonProgramRunsWithTheFuzzLimits() throws {
    let lessons = try Self.lessons()
    try #require(lessons.count >= 12)
    for seed in SeedCorpus.completePrograms(lessons: lessons) {
      let refusal = Self.knownSwiftRefusals.first { seed.contains($0.key) }
      guard refusal == nil else { continue }
      #expect(FuzzTarget.program.run(Array(seed.utf8)).didRun, "\(seed)")
    }
  }

  /// Swift seeds that name what the Swift interpreter refuses, at its line
  /// and column (the short-form reader, which once drew them, no longer
  /// answers for a paste the interpreter refuses): each stays a seed of the
  /// refusal path, and is refused with its reason.
  static let knownSwiftRefusals = [
    #".print("tap")"#: "streamlab does not run Combine's `.print` from Swift yet",
    "URLError(.timedOut)": "`URLError` is not declared in the paste",
    "URLError(.badURL)": "`URLError` is not declared in the paste",
  ]

  @Test func theSwiftSeedsStreamlabRefusesAreRefusedWithTheirReason() {
    for (mark, reason) in Self.knownSwiftRefusals {
      guard let seed = SeedCorpus.swiftPrograms.first(where: { $0.contains(mark) }) else {
        Issue.record("no Swift seed contains \(mark)")
        continue
      }
      let answer = FrontDoor.evaluate(FrontDoorRequest(seed, language: .swift))
      #expect(answer.exitStatus == 2, "\(mark)")
      #expect(answer.message?.contains(reason) == true, "\(answer.message ?? "no message")")
    }
  }

  @Test func everyExerciseBecomesALessonSeedThatLoads() throws {
    let lessons = try Self.lessons()
    let seeds = SeedCorpus.lessons(lessons)
    // The fifteen lessons hold 98 exercises (`grep -c "^exercise:" lessons/lesson*.txt`).
    #expect(seeds.count == 98)
    for seed in seeds { #expect(FuzzTarget.lesson.run(Array(seed.utf8)).didRun, "\(seed)") }
  }
}
