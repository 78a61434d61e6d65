import Foundation
import Lessons

/// The terminal's progress store, shared by every request: one request at a
/// time reads it afresh (the terminal may have written since) and saves it.
actor ProgressKeeper {
  private let store: ProgressStore?

  init(file: URL?) {
    store = file.map(ProgressStore.init(url:))
  }

  var progress: Lessons.Progress { store?.load().progress ?? Progress() }

  /// Records a passed exercise as `streamlab run` does, under the lesson's
  /// absolute path. A store that cannot be written loses the pass, not the request.
  func recordPass(lesson: LessonCatalog.Entry, title: String, exercise: String, answer: String) {
    guard let store else { return }
    var progress = store.load().progress
    progress.recordPass(lesson: lesson.key, lessonTitle: title, exercise: exercise, answer: answer)
    try? store.save(progress)
  }
}
