import Foundation
import Lessons

/// The lessons a server offers: the `lesson*.txt` files directly in one
/// folder, named by their file name without `.txt` (`lesson04`). A request
/// names a lesson by that id and nothing else, so no request reaches a file
/// outside the folder (`../`, absolute paths and links out are never looked up).
struct LessonLibrary: Sendable {
  let folder: URL

  /// The lessons a request can name: a file whose name is not a plain
  /// name (`lesson 9.txt`) is not offered, as `lesson(id:)` would refuse it.
  var entries: [LessonCatalog.Entry] {
    LessonCatalog.entries(inFolder: folder.path).filter { Self.isPlain(Self.id(of: $0)) }
  }

  /// Letters, digits, `-` and `_`, ASCII, at most 100.
  static func isPlain(_ id: String) -> Bool {
    !id.isEmpty && id.count <= 100
      && id.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" }
      && id.allSatisfy(\.isASCII)
  }

  /// The lesson `id` names, parsed; 400 for an id that is not a plain name,
  /// 404 for one no file in the folder has.
  func lesson(id: String) throws -> (entry: LessonCatalog.Entry, file: LessonFile) {
    guard Self.isPlain(id) else {
      throw APIError.badRequest(
        "\"\(id)\" is not a lesson name; lesson names are like lesson04 (GET /api/lessons lists them)")
    }
    guard let entry = entries.first(where: { Self.id(of: $0) == id }) else {
      throw APIError.notFound("there is no lesson \(id); GET /api/lessons lists them")
    }
    let (file, errors) = LessonParser().parse(entry.text, fileName: entry.fileName)
    if let error = errors.first {
      throw APIError(status: 500, "\(entry.fileName) cannot be read as a lesson: \(error.message)")
    }
    return (entry, file)
  }

  /// `lesson04` for `lesson04.txt`.
  static func id(of entry: LessonCatalog.Entry) -> String {
    String(entry.fileName.dropLast(".txt".count))
  }
}
