import StreamCore

/// The TAP version 13 report: a plan, then one test point per student and
/// exercise; a failing point carries a YAML block with the reason. The points
/// follow as comments, which every TAP consumer passes over: `# points 3/5
/// alice.txt` per student when there are several, then `# points E/P` in all.
///
/// Version 13, because it uses nothing TAP 14 added (subtests, pragmas) and
/// Perl's `prove` (TAP::Parser 3.44), the reference harness, refuses a
/// version 14 header; tap.py reads both.
enum TAPReport {
  static func render(_ report: GradeReport) -> String {
    var lines = ["TAP version 13", "1..\(report.entries.count)"]
    for (index, entry) in report.entries.enumerated() {
      let status = entry.passed ? "ok" : "not ok"
      lines.append("\(status) \(index + 1) - \(description(entry.testName))")
      if !entry.passed {
        lines.append("  ---")
        lines.append(contentsOf: yamlBlock("message", PlainText.sanitized(entry.message)))
        if !entry.details.isEmpty { lines.append(contentsOf: yamlBlock("details", PlainText.sanitized(entry.details))) }
        lines.append("  student: \(yamlQuoted(PlainText.sanitized(entry.student)))")
        lines.append("  exercise: \(entry.exercise)")
        lines.append("  ...")
      }
    }
    let students = report.students
    if students.count > 1 {
      for student in students {
        lines.append("# points \(Points(report.entries(of: student))) \(description(student))")
      }
    }
    lines.append("# points \(report.points)")
    return lines.joined(separator: "\n") + "\n"
  }

  /// A test point description: one line, and `#` escaped so it is not read as a directive.
  private static func description(_ text: String) -> String {
    PlainText.sanitized(text)
      .replacing("\\", with: "\\\\")
      .replacing("#", with: "\\#")
      .split(whereSeparator: \.isNewline).joined(separator: " ")
  }

  /// `  key: |` followed by the text indented, so any character is safe in
  /// YAML. A plain `|` literal, not `|-`: TAP::Parser's YAMLish reader knows
  /// no chomping indicators and reads `|-` as a broken hash line.
  private static func yamlBlock(_ key: String, _ text: String) -> [String] {
    ["  \(key): |"] + text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
  }

  private static func yamlQuoted(_ text: String) -> String {
    "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
  }
}
