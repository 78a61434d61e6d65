import Foundation
import StreamLabServer
import Testing

/// `streamlab serve --class DIR` (issue 34): `/class` lists the lessons the
/// folder's files answer, `/class/ID` is `lesson report`'s page over them,
/// made again at every request, so a file handed in shows at the next reload.
@Suite struct ClassEndpointTests {
  static let lessons = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("lessons")

  /// Lesson 4's first exercise answered with `answer`, as a student's file (the teacher's file, answered).
  static func submission(_ answer: String) throws -> String {
    let text = try String(contentsOf: lessons.appendingPathComponent("lesson04.txt"), encoding: .utf8)
    return text.replacingOccurrences(of: "\nanswer:", with: "\nanswer: " + answer, range: text.range(of: "\nanswer:"))
  }

  private func get(_ api: WebAPI, _ path: String) async -> (Int, String) {
    let response = await api.respond(to: WebRequest(method: "GET", path: path, body: Data()))
    return (response.status, String(decoding: response.body, as: UTF8.self))
  }

  @Test func theClassPageFollowsTheFolder() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("streamlab-class-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("carol"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.submission("typing | debounce 300ms").write(
      to: folder.appendingPathComponent("alice.txt"), atomically: true, encoding: .utf8)
    try Self.submission("typing | map x").write(
      to: folder.appendingPathComponent("carol/lesson04.txt"), atomically: true, encoding: .utf8)
    let api = WebAPI(lessonsFolder: Self.lessons, progressFile: nil, classFolder: folder)

    let (status, index) = await get(api, "/class")
    #expect(status == 200)
    #expect(index.contains(#"<a href="/class/lesson04">Waiting for silence: debounce vs throttle</a>: 2 submissions"#))

    let (_, page) = await get(api, "/class/lesson04")
    #expect(page.contains(#"<link rel="stylesheet" href="/class.css">"#))
    #expect(!page.contains("<style>"))
    #expect(page.contains(#"<div class="group pass">"#))
    #expect(page.contains(#"<div class="group fail">"#))
    #expect(page.contains("carol/lesson04.txt"))

    // Bob hands in a passing file: the next request counts him.
    try Self.submission("typing.debounce(for: .milliseconds(300), scheduler: scheduler)").write(
      to: folder.appendingPathComponent("bob.txt"), atomically: true, encoding: .utf8)
    let (_, again) = await get(api, "/class/lesson04")
    #expect(again.contains(#"<span class="size">2 students</span> pass"#))
    #expect(await get(api, "/class.css").0 == 200)
    #expect(await get(api, "/class/lesson99").0 == 404)
  }

  @Test func withoutAClassFolderThereIsNoClassPage() async throws {
    let api = WebAPI(lessonsFolder: Self.lessons, progressFile: nil)
    let (status, body) = await get(api, "/class")
    #expect(status == 404)
    #expect(body.contains("streamlab serve --class FOLDER"))
  }
}
