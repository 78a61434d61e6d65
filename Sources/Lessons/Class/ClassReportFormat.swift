import StreamCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How `lesson report` writes a `ClassReport`: for the teacher at a
/// terminal, for scripts, or as a page (which `serve --class` serves live).
public enum ClassReportFormat: String, CaseIterable {
  case text, json, html

  public func render(_ report: ClassReport) -> String {
    switch self {
    case .text: return ClassReportText.render(report)
    case .json:
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      return ((try? encoder.encode(report)).map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
    case .html: return ClassReportPage.render(report, stylesheet: nil)
    }
  }
}

/// The report in words: per exercise, each group's size, verdict and
/// representative answer, with a failing group's diagram and cause.
enum ClassReportText {
  static func render(_ report: ClassReport) -> String {
    var lines = ["\(report.lesson): \(report.students) submission\(report.students == 1 ? "" : "s")"]
    if !report.unreadable.isEmpty {
      lines.append("\(report.unreadable.count) could not be graded:")
      lines += report.unreadable.map { "  \($0.student): \(PlainText.sanitized($0.reason))" }
    }
    for exercise in report.exercises {
      lines.append("")
      lines.append("\(exercise.number). \(exercise.title): \(groupCount(exercise))")
      for group in exercise.groups {
        lines.append(
          "  \(students(group.size))  \(group.passes ? "PASS" : "FAIL")  \(oneLine(group.representative))")
        if let change = group.hiddenVariant {
          lines.append("      passes on the givens shown, but not on a variant of them it was not shown (\(change)):")
        }
        if !group.passes {
          lines += group.diagram.split(separator: "\n").map { "      " + $0 }
        }
      }
      for group in exercise.noBehaviour {
        let what = group.representative.isEmpty ? "no answer" : "does not run: \(oneLine(group.representative))"
        lines.append("  \(students(group.size))  ----  \(what)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func groupCount(_ exercise: ClassReport.ExerciseGroups) -> String {
    let count = exercise.groups.count
    return "\(count) behaviour\(count == 1 ? "" : "s")"
  }

  static func students(_ count: Int) -> String {
    let text = "\(count) student\(count == 1 ? " " : "s")"
    return String(repeating: " ", count: max(0, 12 - text.count)) + text
  }

  static func oneLine(_ text: String) -> String {
    PlainText.sanitized(text).split(whereSeparator: \.isNewline).joined(separator: " ⏎ ")
  }
}

/// The report as one page: no script; its style inline (a file of its own),
/// or at `stylesheet` (served, where the server's policy allows no inline style).
public enum ClassReportPage {
  public static func render(_ report: ClassReport, stylesheet: String?) -> String {
    var body: [String] = []
    body.append("<h1>\(escaped(report.lesson))</h1>")
    body.append("<p>\(report.students) submission\(report.students == 1 ? "" : "s")</p>")
    if !report.unreadable.isEmpty {
      body.append("<section class=\"unreadable\"><h2>\(report.unreadable.count) could not be graded</h2><ul>")
      body += report.unreadable.map { "<li><code>\(escaped($0.student))</code>: \(escaped($0.reason))</li>" }
      body.append("</ul></section>")
    }
    for exercise in report.exercises {
      body.append("<section class=\"exercise\"><h2>\(exercise.number). \(escaped(exercise.title))</h2>")
      body.append("<p>\(ClassReportText.groupCount(exercise))</p>")
      for (group, behaves) in exercise.groups.map({ ($0, true) }) + exercise.noBehaviour.map({ ($0, false) }) {
        let one = group.size == 1
        let verdict =
          !behaves
          ? ("none", group.representative.isEmpty ? "no answer" : one ? "does not run" : "do not run")
          : group.passes ? ("pass", one ? "passes" : "pass") : ("fail", one ? "fails" : "fail")
        body.append("<div class=\"group \(verdict.0)\">")
        body.append(
          "<h3><span class=\"size\">\(group.size) student\(group.size == 1 ? "" : "s")</span> \(verdict.1)</h3>")
        if !group.representative.isEmpty { body.append("<pre class=\"answer\">\(escaped(group.representative))</pre>") }
        if let change = group.hiddenVariant {
          body.append(
            "<p>passes on the givens shown, but not on a variant of them it was not shown (\(escaped(change))):</p>")
        }
        if !group.diagram.isEmpty { body.append("<pre class=\"diagram\">\(escaped(group.diagram))</pre>") }
        body.append(
          "<details><summary>who</summary><p>\(group.students.map(escaped).joined(separator: ", "))</p></details>")
        body.append("</div>")
      }
      body.append("</section>")
    }
    return """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(escaped(report.lesson)): the class at a glance</title>
      \(stylesheet.map { "<link rel=\"stylesheet\" href=\"\($0)\">" } ?? "<style>\n" + css + "</style>")
      </head>
      <body>
      <main>
      \(body.joined(separator: "\n"))
      </main>
      </body>
      </html>

      """
  }

  /// Text for the page: terminal escape codes removed, XML escaped.
  public static func escaped(_ text: String) -> String {
    TextEscaping.xml(PlainText.sanitized(text))
  }

  public static let css = """
    body { font: 15px/1.45 system-ui, sans-serif; color: #222; background: #fafafa; margin: 1em auto; max-width: 70em; padding: 0 1em; }
    pre { font: 13px/1.35 Menlo, Consolas, "DejaVu Sans Mono", monospace; white-space: pre-wrap; overflow-wrap: anywhere; margin: 0.3em 0; }
    .group { border: 1px solid #ccc; border-left: 6px solid #888; background: #fff; padding: 0.3em 0.8em; margin: 0.6em 0; }
    .group.pass { border-left-color: #1e7d32; }
    .group.fail { border-left-color: #c0392b; }
    .group h3 { font-size: 1em; margin: 0.2em 0; }
    .size { font-weight: bold; }
    .answer { background: #f3f4f6; padding: 0.3em 0.5em; }
    @media (prefers-color-scheme: dark) {
      body { color: #e6e6e6; background: #121212; }
      .group { background: #1c1c1c; border-color: #555; }
      .answer { background: #262626; }
    }
    """
}
