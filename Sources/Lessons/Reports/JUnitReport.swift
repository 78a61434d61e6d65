import Marbles
import StreamCore

/// The JUnit XML report: one `<testsuite>` per student, one `<testcase>` per
/// exercise, `<failure>` with the reason — the subset GitLab and Jenkins read.
enum JUnitReport {
  static func render(_ report: GradeReport) -> String {
    let lessonStem = stem(report.lesson)
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      #"<testsuites name="\#(escaped(report.lesson))" tests="\#(report.entries.count)" failures="\#(report.failedCount)" errors="0">"#,
    ]
    for student in report.students {
      let entries = report.entries.filter { $0.student == student }
      let failures = entries.filter { !$0.passed }.count
      lines.append(
        #"  <testsuite name="\#(escaped(student))" tests="\#(entries.count)" failures="\#(failures)" errors="0" skipped="0">"#
      )
      let className = escaped("\(lessonStem).\(stem(student))")
      for entry in entries {
        let open = #"    <testcase name="\#(escaped(entry.heading))" classname="\#(className)""#
        if entry.passed {
          lines.append(open + "/>")
        } else {
          let body = entry.details.isEmpty ? entry.message : entry.message + "\n\n" + entry.details
          lines.append(open + ">")
          lines.append(
            #"      <failure message="\#(escaped(entry.message))" type="failed">\#(escaped(body))</failure>"#)
          lines.append("    </testcase>")
        }
      }
      lines.append("  </testsuite>")
    }
    lines.append("</testsuites>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `alice.txt` → `alice`: the part a CI page shows as the class name.
  private static func stem(_ name: String) -> String {
    let last = name.split(separator: "/").last.map(String.init) ?? name
    guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return last }
    return String(last[..<dot]).replacing(".", with: "_")
  }

  /// Escaped for XML text and attributes, with terminal escape codes removed first.
  static func escaped(_ text: String) -> String {
    TextEscaping.xml(PlainText.sanitized(text))
  }
}
