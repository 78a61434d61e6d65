import Foundation
import Lessons

/// Where passes are recorded. On loopback it is the terminal's progress
/// store, shared by every request: one request at a time reads it afresh
/// (the terminal may have written since) and saves it. In classroom mode each
/// browser's `StudentCookie` names a file of its own in one folder, and
/// answers and files are size-limited, so one student can neither see nor
/// fill another's.
actor ProgressKeeper {
  enum Place {
    /// The terminal's store, or nil to keep no progress.
    case terminal(URL?)
    /// One file per student id in this folder.
    case perStudent(folder: URL)
  }

  private let place: Place
  private let limits: ServerLimits

  init(place: Place, limits: ServerLimits) {
    self.place = place
    self.limits = limits
  }

  /// Whether passes belong to a browser's cookie rather than the terminal.
  nonisolated var isPerStudent: Bool {
    if case .perStudent = place { return true }
    return false
  }

  /// The progress of `student` (nil: the terminal's, or a browser without a cookie yet).
  func progress(of student: StudentCookie?) -> Lessons.Progress {
    store(of: student)?.load().progress ?? Progress()
  }

  /// Records a passed exercise as `streamlab run` does, under the lesson's
  /// absolute path. The terminal's store that cannot be written loses the
  /// pass, not the request; a student's answer or file over its limit is refused.
  func recordPass(
    of student: StudentCookie?, lesson: LessonCatalog.Entry, title: String, exercise: String, answer: String
  ) throws {
    guard let store = store(of: student) else { return }
    var progress = store.load().progress
    progress.recordPass(lesson: lesson.key, lessonTitle: title, exercise: exercise, answer: answer)
    guard case .perStudent(let folder) = place else {
      try? store.save(progress)
      return
    }
    try checkRoom(for: progress, in: store, folder: folder)
    do {
      try store.save(progress)
    } catch {
      throw APIError(status: 500, "the pass could not be recorded: \(error)")
    }
  }

  /// The 413 for an answer too long to keep, before it is checked.
  func checkAnswerSize(_ answer: String) throws {
    guard isPerStudent, answer.utf8.count > limits.maxStoredAnswerBytes else { return }
    throw APIError(
      status: 413,
      "the answer is \(answer.utf8.count) bytes; this classroom server keeps answers of up to "
        + "\(limits.maxStoredAnswerBytes) bytes")
  }

  private func checkRoom(for progress: Lessons.Progress, in store: ProgressStore, folder: URL) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let size = (try? encoder.encode(progress).count) ?? Int.max
    guard size <= limits.maxStudentProgressBytes else {
      throw APIError(
        status: 413,
        "passed, but not recorded: your progress would take \(size) bytes, over this classroom server's "
          + "limit of \(limits.maxStudentProgressBytes) bytes per student")
    }
    guard !FileManager.default.fileExists(atPath: store.url.path) else { return }
    let students = (try? FileManager.default.contentsOfDirectory(atPath: folder.path).count) ?? 0
    guard students < limits.maxStudents else {
      throw APIError(
        status: 507,
        "passed, but not recorded: this classroom server already keeps the progress of "
          + "\(limits.maxStudents) students")
    }
  }

  private func store(of student: StudentCookie?) -> ProgressStore? {
    switch place {
    case .terminal(let url): return url.map(ProgressStore.init(url:))
    case .perStudent(let folder):
      return student.map { ProgressStore(url: folder.appendingPathComponent("\($0.id).json")) }
    }
  }
}
