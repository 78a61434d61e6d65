/// The one-line remarks a run collects for the student, each said once, in
/// the order they were first noted.
struct NoteBook {
  private(set) var notes: [String] = []

  mutating func add(_ note: String) {
    if !notes.contains(note) { notes.append(note) }
  }
}
