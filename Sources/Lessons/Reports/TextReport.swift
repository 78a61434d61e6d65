/// The human-readable report: one line per exercise (grouped by student, each
/// with their points, when there are several), then `N passed, N failed, E/P points`.
enum TextReport {
  /// One submission's lines.
  static func submission(_ entries: [GradeEntry], in context: ReportContext) -> String {
    let several = context.students.count > 1
    var lines: [String] = []
    if several, let student = entries.first?.student { lines.append(student) }
    let indent = several ? "  " : ""
    for entry in entries {
      let verdict = entry.passed ? "PASS" : "FAIL"
      let reason = entry.passed ? "" : ": " + PlainText.sanitized(entry.message)
      lines.append("\(indent)\(verdict)  \(entry.heading)\(reason)")
    }
    if several { lines.append("\(indent)\(Points(entries)) points") }
    return lines.map { $0 + "\n" }.joined()
  }

  static func finish(_ totals: ReportTotals) -> String {
    "\(totals.passed) passed, \(totals.failed) failed, \(totals.points) points\n"
  }
}
