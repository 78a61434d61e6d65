/// The human-readable report: one line per exercise (grouped by student, each
/// with their points, when there are several), then `N passed, N failed, E/P points`.
enum TextReport {
  static func render(_ report: GradeReport) -> String {
    var lines: [String] = []
    let students = report.students
    for student in students {
      if students.count > 1 { lines.append(student) }
      let indent = students.count > 1 ? "  " : ""
      let entries = report.entries(of: student)
      for entry in entries {
        let verdict = entry.passed ? "PASS" : "FAIL"
        let reason = entry.passed ? "" : ": " + PlainText.sanitized(entry.message)
        lines.append("\(indent)\(verdict)  \(entry.heading)\(reason)")
      }
      if students.count > 1 { lines.append("\(indent)\(Points(entries)) points") }
    }
    lines.append("\(report.passedCount) passed, \(report.failedCount) failed, \(report.points) points")
    return lines.joined(separator: "\n") + "\n"
  }
}
