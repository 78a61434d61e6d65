import Marbles
import StreamCore

/// The JUnit XML report: one `<testsuite>` per student, one `<testcase>` per
/// exercise, `<failure>` with the reason, `<error>` for a submission that
/// could not be read — the subset GitLab and Jenkins read.
enum JUnitReport {
  static func render(_ report: GradeReport) -> String {
    let classNames = className(for: report.students, lesson: report.lesson)
    let failures = report.failedCount - report.errorCount
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      #"<testsuites name="\#(escaped(report.lesson))" tests="\#(report.entries.count)" failures="\#(failures)" errors="\#(report.errorCount)">"#,
    ]
    for student in report.students {
      let entries = report.entries.filter { $0.student == student }
      let errors = entries.filter(\.isError).count
      let failures = entries.filter { !$0.passed }.count - errors
      lines.append(
        #"  <testsuite name="\#(escaped(student))" tests="\#(entries.count)" failures="\#(failures)" errors="\#(errors)" skipped="0">"#
      )
      let className = escaped(classNames[student] ?? student)
      for entry in entries {
        let open = #"    <testcase name="\#(escaped(entry.heading))" classname="\#(className)""#
        if entry.passed {
          lines.append(open + "/>")
        } else {
          let body = entry.details.isEmpty ? entry.message : entry.message + "\n\n" + entry.details
          let element = entry.isError ? "error" : "failure"
          let type = entry.isError ? "unreadable" : "failed"
          lines.append(open + ">")
          lines.append(
            #"      <\#(element) message="\#(escaped(entry.message))" type="\#(type)">\#(escaped(body))</\#(element)>"#)
          lines.append("    </testcase>")
        }
      }
      lines.append("  </testsuite>")
    }
    lines.append("</testsuites>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Each student's class name, `lesson04.alice`: the lesson, then what tells
  /// this submission apart. CI servers group test cases by class name, so
  /// every student needs their own: `alice.txt` gives `alice`, and a class
  /// that hands in one folder per student (`alice/lesson04.txt`) gives the
  /// folder, `alice`. Should two submissions still share a name, each takes
  /// its whole path.
  static func className(for students: [String], lesson: String) -> [String: String] {
    let lessonStem = stem(lesson)
    func shortName(_ student: String) -> String {
      let parts = student.split(separator: "/").map(String.init)
      guard let file = parts.last else { return undotted(student) }
      if stem(file) == lessonStem, parts.count >= 2 { return undotted(parts[parts.count - 2]) }
      return stem(file)
    }
    var names = Dictionary(students.map { ($0, shortName($0)) }, uniquingKeysWith: { first, _ in first })
    let counts = Dictionary(names.values.map { ($0, 1) }, uniquingKeysWith: +)
    for (student, name) in names where counts[name, default: 0] > 1 {
      let parts = student.split(separator: "/").map(String.init)
      names[student] = (parts.dropLast().map(undotted) + [stem(student)]).joined(separator: ".")
    }
    return names.mapValues { "\(lessonStem).\($0)" }
  }

  /// `alice.txt` → `alice`: a file name without its extension, with no dots
  /// left to be read as package separators.
  private static func stem(_ name: String) -> String {
    let last = name.split(separator: "/").last.map(String.init) ?? name
    guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return undotted(last) }
    return undotted(String(last[..<dot]))
  }

  /// A name with its dots replaced, so a CI server does not split it into packages.
  private static func undotted(_ name: String) -> String {
    name.replacing(".", with: "_")
  }

  /// Escaped for XML text and attributes, with terminal escape codes removed first.
  static func escaped(_ text: String) -> String {
    TextEscaping.xml(PlainText.sanitized(text))
  }
}
