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

  /// Every readable submission, by the title it names; read once per request.
  private func submissionsByTitle() -> [String: [Submission]] {
    var byTitle: [String: [Submission]] = [:]
    for (name, url) in files() {
      guard let text = Submission(contentsOfFile: url.path).text else { continue }
      let title = LessonParser(mode: .submission).parse(text, fileName: name).file.title
      byTitle[title, default: []].append(Submission(name: name, text: text))
    }
    return byTitle
  }

  /// `GET /class`: each lesson with how many submissions answer it.
  func index() -> WebResponse {
    let byTitle = submissionsByTitle()
    let items = library.entries.compactMap { entry -> String? in
      let file = LessonParser().parse(entry.text, fileName: entry.fileName).file
      let count = byTitle[file.title]?.count ?? 0
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
    let (entry, file) = try library.lesson(id: id)
    let (text, fileName) = (entry.text, entry.fileName)
    let submissions = submissionsByTitle()[file.title] ?? []
    let page = try await gate.run { options -> Result<String, APIError> in
      let tools = LessonTools.standard(width: 100, options: options)
      switch tools.load(text, fileName: fileName) {
      case .failure(let outcome):
        return .failure(APIError(status: 500, "\(fileName) has errors: \(outcome.standardError)"))
      case .success(let lesson):
        let report = ClassReport.make(
          lesson, submissions: submissions, checker: ExerciseChecker(runner: tools.runner), feedback: tools.feedback)
        return .success(ClassReportPage.render(report, stylesheet: "/class.css"))
      }
    }.get()
    return WebResponse(status: 200, contentType: "text/html; charset=utf-8", body: Data(page.utf8))
  }

  static var stylesheet: WebResponse {
    WebResponse(status: 200, contentType: "text/css; charset=utf-8", body: Data(ClassReportPage.css.utf8))
  }
}
