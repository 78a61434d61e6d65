import StreamLang

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads lesson and submission files from disk, at paths the caller gives.
public enum LessonFileText {
  /// Why a file could not be read as text.
  public struct ReadError: Error, CustomStringConvertible {
    public var description: String
    /// Why, without the `cannot read PATH` a caller may already have said.
    public var reason: String

    init(description: String, reason: String? = nil) {
      self.description = description
      self.reason = reason ?? description
    }
  }

  /// The file's text. Only UTF-8 is accepted: decoding anything else would
  /// replace bytes, and rewriting an answer must keep every other byte.
  public static func read(_ path: String) -> Result<String, ReadError> {
    guard let data = FileManager.default.contents(atPath: path) else {
      let reason = UnreadableFile.reason(path)
      return .failure(ReadError(description: "cannot read \(path): \(reason)", reason: reason))
    }
    return InputText.decode(data, from: path).mapError { ReadError(description: $0.description) }
  }
}

extension Submission {
  /// A student's file read from `path`; an unreadable file becomes a
  /// submission that fails every exercise with the reason.
  public init(contentsOfFile path: String) {
    switch LessonFileText.read(path) {
    case .success(let text): self.init(name: path, text: text)
    case .failure(let error): self.init(name: path, readError: error.reason)
    }
  }
}
