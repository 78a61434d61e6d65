/// The human-readable report: one line per exercise (grouped by student when
/// there are several), then `N passed, N failed`.
enum TextReport {
  static func render(_ report: GradeReport) -> String {
    var lines: [String] = []
    let students = report.students
    for student in students {
      if students.count > 1 { lines.append(student) }
      let indent = students.count > 1 ? "  " : ""
      for entry in report.entries where entry.student == student {
        let verdict = entry.passed ? "PASS" : "FAIL"
        let reason = entry.passed ? "" : ": " + PlainText.sanitized(entry.message)
        lines.append("\(indent)\(verdict)  \(entry.heading)\(reason)")
      }
    }
    lines.append("\(report.passedCount) passed, \(report.failedCount) failed")
    return lines.joined(separator: "\n") + "\n"
  }
}
