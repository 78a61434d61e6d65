import Marbles
import StreamCore

/// The JUnit XML report: one `<testsuite>` per student, one `<testcase>` per
/// exercise, `<failure>` with the reason, `<error>` for a submission that
/// could not be checked — the subset GitLab and Jenkins read. Each suite's
/// `<properties>` (where the JUnit schema puts them, before its test cases)
/// say the student's points: `points` earned and `points-possible`.
enum JUnitReport {
  /// The root element, with the totals every suite is counted in.
  static func start(_ context: ReportContext, totals: ReportTotals) -> String {
    let failures = totals.failed - totals.errors
    return #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
      + #"<testsuites name="\#(escaped(context.lesson))" tests="\#(totals.entries)" failures="\#(failures)" errors="\#(totals.errors)">"#
      + "\n"
  }

  /// One student's `<testsuite>`. `className` is theirs from `className(for:lesson:)`.
  static func submission(_ entries: [GradeEntry], className: String) -> String {
    guard let student = entries.first?.student else { return "" }
    let errors = entries.filter(\.isError).count
    let failures = entries.filter { !$0.passed }.count - errors
    var lines = [
      #"  <testsuite name="\#(escaped(student))" tests="\#(entries.count)" failures="\#(failures)" errors="\#(errors)" skipped="0">"#
    ]
    let points = Points(entries)
    lines.append("    <properties>")
    lines.append(#"      <property name="points" value="\#(points.earned)"/>"#)
    lines.append(#"      <property name="points-possible" value="\#(points.possible)"/>"#)
    lines.append("    </properties>")
    let className = escaped(className)
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
    return lines.map { $0 + "\n" }.joined()
  }

  static let finish = "</testsuites>\n"

  /// Each student's class name, `lesson04.alice`: the lesson, then the part
  /// of the submission's path that tells it apart from the others. CI
  /// servers group test cases by class name, so every student needs their
  /// own: the folders all submissions start with and the names they all end
  /// with are left out, so `submissions/alice/lessons/lesson04.txt` gives
  /// `alice` and `alice.txt` gives `alice`. A lone submission in a folder of
  /// its own (`alice/lesson04.txt`) is named after the folder. Two that
  /// still meet (`alice.txt`, `alice.md`) take their whole paths.
  static func className(for students: [String], lesson: String) -> [String: String] {
    let lessonStem = stem(lesson)
    let paths = students.map { $0.split(separator: "/").map(String.init) }
    let shortest = paths.map(\.count).min() ?? 0
    func sharedCount(_ parts: ([String]) -> [String]) -> Int {
      guard students.count > 1, let first = paths.first.map(parts) else { return 0 }
      var count = 0
      while count < shortest - 1, paths.allSatisfy({ parts($0)[count] == first[count] }) { count += 1 }
      return count
    }
    let prefix = sharedCount { $0 }
    let suffix = min(sharedCount { $0.reversed() }, shortest - 1 - prefix)
    var names: [String: String] = [:]
    for (student, parts) in zip(students, paths) {
      guard let file = parts.last else {
        names[student] = "\(lessonStem).\(undotted(student))"
        continue
      }
      var distinct = parts.dropFirst(prefix).dropLast(suffix).map(undotted)
      if suffix == 0 { distinct[distinct.count - 1] = stem(file) }
      if students.count == 1, stem(file) == lessonStem, parts.count >= 2 {
        distinct = [undotted(parts[parts.count - 2])]
      }
      names[student] = "\(lessonStem).\(distinct.joined(separator: "."))"
    }
    // Extensions were dropped: `alice.txt` and `alice.md` would meet again.
    let counts = Dictionary(names.values.map { ($0, 1) }, uniquingKeysWith: +)
    for (student, name) in names where counts[name, default: 0] > 1 {
      names[student] =
        "\(lessonStem).\(student.split(separator: "/").map { undotted(String($0)) }.joined(separator: "."))"
    }
    return names
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
