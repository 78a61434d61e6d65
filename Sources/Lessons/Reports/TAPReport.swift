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
  static func start(_ context: ReportContext) -> String {
    "TAP version 13\n1..\(context.entryCount)\n"
  }

  /// One submission's test points, numbered on from `before`.
  static func submission(_ entries: [GradeEntry], numberedAfter before: Int) -> String {
    var lines: [String] = []
    for (offset, entry) in entries.enumerated() {
      let status = entry.passed ? "ok" : "not ok"
      lines.append("\(status) \(before + offset + 1) - \(description(entry.testName))")
      if !entry.passed {
        lines.append("  ---")
        lines.append(contentsOf: yamlBlock("message", PlainText.sanitized(entry.message)))
        if !entry.details.isEmpty { lines.append(contentsOf: yamlBlock("details", PlainText.sanitized(entry.details))) }
        lines.append("  student: \(yamlQuoted(PlainText.sanitized(entry.student)))")
        lines.append("  exercise: \(entry.exercise)")
        lines.append("  ...")
      }
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// `# points 3/5 alice.txt`: one student's points, when there are several.
  static func points(of entries: [GradeEntry]) -> String {
    "# points \(Points(entries)) \(description(entries.first?.student ?? ""))\n"
  }

  static func finish(_ totals: ReportTotals) -> String {
    "# points \(totals.points)\n"
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
