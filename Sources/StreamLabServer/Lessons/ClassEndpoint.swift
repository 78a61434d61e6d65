import Foundation
import Lessons
import StreamLab

/// `streamlab serve --class DIR` (issue 34): `GET /class` lists the lessons
/// that the folder's submissions answer, `GET /class/ID` is `lesson report`'s
/// page for lesson ID over them. The page is made again from the files at
/// every request, so a teacher who reloads it sees the class as it stands.
/// A submission is a `.txt` file in the folder or one folder down
/// (`DIR/alice/lesson04.txt`); it answers the lesson whose title it has.
struct ClassEndpoint: Sendable {
  let folder: URL
  let library: LessonLibrary
  let gate: RunGate
  /// More files than a class has are not read.
  static let maximumFiles = 5_000

  /// The submission files, sorted by path relative to the folder.
  private func files() -> [(name: String, url: URL)] {
    let manager = FileManager.default
    var found: [(String, URL)] = []
    let top = (try? manager.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.isDirectoryKey])) ?? []
    for url in top.sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
      if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
        let inner = (try? manager.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)) ?? []
        for file in inner.sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) where file.pathExtension == "txt"
        {
          found.append(("\(url.lastPathComponent)/\(file.lastPathComponent)", file))
        }
      } else if url.pathExtension == "txt" {
        found.append((url.lastPathComponent, url))
      }
    }
    return Array(found.prefix(Self.maximumFiles))
  }

  /// The submissions whose `title:` is `title`.
  private func submissions(titled title: String) -> [Submission] {
    files().compactMap { name, url in
      let submission = Submission(contentsOfFile: url.path)
      guard let text = submission.text else { return nil }
      let header = LessonParser(mode: .submission).parse(text, fileName: name).file
      guard header.title == title else { return nil }
      return Submission(name: name, text: text)
    }
  }

  /// `GET /class`: each lesson with how many submissions answer it.
  func index() -> WebResponse {
    let items = library.entries.compactMap { entry -> String? in
      let file = LessonParser().parse(entry.text, fileName: entry.fileName).file
      let count = submissions(titled: file.title).count
      guard count > 0 else { return nil }
      let id = LessonLibrary.id(of: entry)
      return
        "<li><a href=\"/class/\(id)\">\(ClassReportPage.escaped(file.title))</a>: \(count) submission\(count == 1 ? "" : "s")</li>"
    }
    let list = items.isEmpty ? "<p>No file in the folder answers a lesson yet.</p>" : "<ul>\(items.joined())</ul>"
    return WebResponse(
      status: 200, contentType: "text/html; charset=utf-8",
      body: Data(
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>The class</title>
        <link rel="stylesheet" href="/class.css"></head>
        <body><main><h1>The class</h1>\(list)</main></body></html>

        """.utf8))
  }

  /// `GET /class/ID`.
  func report(id: String) async throws -> WebResponse {
    let (entry, _) = try library.lesson(id: id)
    let text = entry.text
    let fileName = entry.fileName
    let title = LessonParser().parse(text, fileName: fileName).file.title
    let submissions = self.submissions(titled: title)
    let page = try await gate.run { options -> String in
      guard
        case .success(let lesson) = LessonTools.standard(width: 100, options: options).load(text, fileName: fileName)
      else { return "" }
      var checker = ExerciseChecker(runner: LessonTools.standard(width: 100, options: options).runner)
      checker.explainsDifferences = true
      let report = ClassReport.make(
        lesson, submissions: submissions, checker: checker, feedback: CheckFeedback(width: 100, color: false))
      return ClassReportPage.render(report, stylesheet: "/class.css")
    }
    return WebResponse(status: 200, contentType: "text/html; charset=utf-8", body: Data(page.utf8))
  }

  static var stylesheet: WebResponse {
    WebResponse(status: 200, contentType: "text/css; charset=utf-8", body: Data(ClassReportPage.css.utf8))
  }
}
