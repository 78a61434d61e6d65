import Foundation
import Testing

@testable import Lessons

@Suite struct ProgressStoreTests {
  private func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("streamlab-progress-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func savesAndLoadsProgressCreatingTheFolder() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = ProgressStore(url: folder.appendingPathComponent("streamlab/progress.json"))
    var progress = Progress()
    progress.recordPass(
      lesson: "/l/lesson04.txt", lessonTitle: "Debounce", exercise: "Pause", answer: "typing | debounce 300ms")
    try store.save(progress)
    let (loaded, warning) = store.load()
    #expect(warning == nil)
    #expect(loaded == progress)
    #expect(loaded.hasPassed(lesson: "/l/lesson04.txt", exercise: "Pause"))
    // Only the progress file is left: the temporary file was renamed, not copied.
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("streamlab").path)
    #expect(files == ["progress.json"])
  }

  @Test func aMissingFileIsEmptyProgressWithoutWarning() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (progress, warning) = ProgressStore(url: folder.appendingPathComponent("progress.json")).load()
    #expect(progress == Progress())
    #expect(warning == nil)
  }

  @Test func aCorruptFileIsMovedAsideWithAWarningAndKeptIntact() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("progress.json")
    let garbage = Data("{\"version\": 1, \"lessons\": {\"/l\": {\"title\": tru".utf8)
    try garbage.write(to: url)
    let store = ProgressStore(url: url)
    let (progress, warning) = store.load()
    #expect(progress == Progress())
    #expect(warning?.contains("moved it to \(url.path).corrupt") == true)
    #expect(try Data(contentsOf: URL(fileURLWithPath: url.path + ".corrupt")) == garbage)
    #expect(!FileManager.default.fileExists(atPath: url.path))
    // A second corrupt file does not overwrite the first one moved aside.
    try Data("[]".utf8).write(to: url)
    _ = store.load()
    #expect(try Data(contentsOf: URL(fileURLWithPath: url.path + ".corrupt")) == garbage)
    #expect(try Data(contentsOf: URL(fileURLWithPath: url.path + ".corrupt-2")) == Data("[]".utf8))
  }

  @Test func defaultPathFollowsXdgStateHome() {
    #expect(
      ProgressStore.defaultURL(environment: ["XDG_STATE_HOME": "/state"], home: "/home/s").path
        == "/state/streamlab/progress.json")
    #expect(
      ProgressStore.defaultURL(environment: ["XDG_STATE_HOME": "relative"], home: "/home/s").path
        == "/home/s/.local/state/streamlab/progress.json")
    #expect(
      ProgressStore.defaultURL(environment: [:], home: "/home/s").path == "/home/s/.local/state/streamlab/progress.json"
    )
  }
}
