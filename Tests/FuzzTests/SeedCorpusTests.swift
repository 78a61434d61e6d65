import Foundation
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
      #expect(FuzzTarget.program.run(Array(seed.utf8)).didRun, "\(seed)")
    }
  }

  @Test func everyExerciseBecomesALessonSeedThatLoads() throws {
    let lessons = try Self.lessons()
    let seeds = SeedCorpus.lessons(lessons)
    // The twelve lessons hold 81 exercises (`grep -c "^exercise:" lessons/lesson*.txt`).
    #expect(seeds.count == 81)
    for seed in seeds { #expect(FuzzTarget.lesson.run(Array(seed.utf8)).didRun, "\(seed)") }
  }
}
