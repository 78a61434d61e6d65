/// An output format for a `GradeReport`.
public enum ReportFormat: String, CaseIterable, Hashable {
  /// One line per exercise, then `N passed, N failed`; for people.
  case text
  /// The shape GitHub Classroom's autograding reporter reads.
  case json
  /// Test Anything Protocol, version 14.
  case tap
  /// JUnit XML, as GitLab and Jenkins read it.
  case junit
  /// Exercism's test-runner `results.json` (version 3), one per submission and line.
  case results

  /// Renders `report`: the same text a `ReportWriter` writes as the class is
  /// graded. Machine formats never contain terminal escape codes.
  public func render(_ report: GradeReport) -> String {
    var text = ""
    let students = report.students
    let context = ReportContext(
      lesson: report.lesson, students: students, entryCount: report.entries.count,
      possiblePoints: report.points.possible)
    var writer = ReportWriter(format: self, context: context) { text += $0 }
    for student in students { writer.add(report.entries(of: student)) }
    writer.finish()
    return text
  }
}
