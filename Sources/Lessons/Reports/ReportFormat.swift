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

  /// Renders `report`. Machine formats never contain terminal escape codes.
  public func render(_ report: GradeReport) -> String {
    switch self {
    case .text: return TextReport.render(report)
    case .json: return JSONReport.render(report)
    case .tap: return TAPReport.render(report)
    case .junit: return JUnitReport.render(report)
    case .results: return ResultsReport.render(report)
    }
  }
}
