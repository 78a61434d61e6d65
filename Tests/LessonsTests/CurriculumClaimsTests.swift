import Foundation
import Testing

/// What the lessons say about Swift and Combine stays what Apple's
/// documentation and OpenCombine's Apple-checked tests say
/// (`docs/claims-audit.md` lists every claim and its source).
@Suite struct CurriculumClaimsTests {
  static let lessons = CurriculumAnswers.lessonFiles().map(\.lastPathComponent)

  static func text(of name: String) throws -> String {
    try String(contentsOf: CurriculumAnswers.repository.appendingPathComponent("lessons/\(name)"), encoding: .utf8)
  }

  /// The Swift a lesson shows as code (its indented prose lines).
  static func codeLines(of name: String) throws -> [String] {
    try text(of: name).split(separator: "\n", omittingEmptySubsequences: false)
      .filter { $0.hasPrefix("    ") }.map(String.init)
  }

  /// Names that exist only in the exporter's harness, not in Combine.
  static let harnessNames = ["sink(logging:", "Interval(period:", "subscriptions.bySubscriber", "start.advanced(by:"]

  @Test(arguments: lessons)
  func lessonCodeIsCombineNotTheExportersHarness(_ name: String) throws {
    let code = try Self.codeLines(of: name)
    for line in code {
      for harness in Self.harnessNames {
        #expect(!line.contains(harness), "\(name) shows the exporter's `\(harness)` as Combine code: \(line)")
      }
    }
  }

  /// (lesson, a false claim it once made, or nil for a claim it left out, the corrected claim).
  static let corrections: [(lesson: String, false: String?, true: String)] = [
    ("lesson08.txt", "SwiftUI's `@Published`", "Combine's `@Published`"),
    ("lesson02.txt", "Rx has no `compactMap`", "RxSwift has a `compactMap` too, but RxJS has none"),
    ("lesson07.txt", "every\nstage after it is finished too", "stage after it fails too, with the same error"),
    ("lesson01.txt", "streamlab runs the same code on its virtual clock", "the same operators (OpenCombine's)"),
    ("lesson04.txt", "With `latest: true` (the default)", "in\nSwift `latest:` has no default and is always written"),
    // It said only that "the first value passes at once", true of no value sent during the subscription.
    ("lesson04.txt", nil, "loses those values. `throttle` asks its upstream"),
    ("lesson02.txt", "take the initial value first in both", "RxJS's take it last"),
  ]

  @Test(arguments: corrections.indices)
  func lessonMakesTheCorrectedClaim(_ index: Int) throws {
    let correction = Self.corrections[index]
    let text = try Self.text(of: correction.lesson)
    if let claim = correction.false { #expect(!text.contains(claim), "\(correction.lesson) still says: \(claim)") }
    #expect(text.contains(correction.true), "\(correction.lesson) should say: \(correction.true)")
  }
}
