/// One student's handed-in lesson file, as read from disk by the caller.
public struct Submission: Hashable {
  /// The file name shown in reports, such as `alice.txt`.
  public var name: String
  /// The file's text, or nil when it could not be read.
  public var text: String?
  /// Why the file could not be read.
  public var readError: String?

  public init(name: String, text: String) {
    self.name = name
    self.text = text
  }

  public init(name: String, readError: String) {
    self.name = name
    self.readError = readError
  }
}
