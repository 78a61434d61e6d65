/// The list `streamlab lessons` prints: every lesson file with its title and progress.
public enum LessonCatalog {
  /// One lesson file as found on disk.
  public struct Entry: Hashable {
    /// The key its progress is stored under (its absolute path).
    public var key: String
    public var fileName: String
    public var text: String

    public init(key: String, fileName: String, text: String) {
      self.key = key
      self.fileName = fileName
      self.text = text
    }
  }

  /// `lesson04.txt  Waiting for silence — debounce vs throttle  2/5 passed`, one line per lesson, aligned.
  public static func listing(_ entries: [Entry], progress: Progress) -> String {
    guard !entries.isEmpty else { return "No lessons found.\n" }
    let rows: [(String, String, String)] = entries.map { entry in
      let (file, errors) = LessonParser().parse(entry.text, fileName: entry.fileName)
      if let error = errors.first, file.title.isEmpty {
        return (entry.fileName, "(cannot be read: \(error.message))", "")
      }
      let done = file.exercises.filter { progress.hasPassed(lesson: entry.key, exercise: $0.title) }.count
      let total = file.exercises.count
      let status = done == total && total > 0 ? "done \(done)/\(total)" : "\(done)/\(total) passed"
      return (entry.fileName, file.title, status)
    }
    let nameWidth = rows.map(\.0.count).max() ?? 0
    // Unreadable files do not widen the title column: their message is not a title.
    let titleWidth = rows.filter { !$0.2.isEmpty }.map(\.1.count).max() ?? 0
    return rows.map { name, title, status in
      guard !status.isEmpty else { return name.padding(nameWidth) + "  " + title }
      return name.padding(nameWidth) + "  " + title.padding(titleWidth) + "  " + status
    }.joined(separator: "\n") + "\n"
  }
}

extension String {
  fileprivate func padding(_ width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }
}
