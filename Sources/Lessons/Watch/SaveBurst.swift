/// When a watched file is read again: once the burst of changes a save
/// makes (an editor writes a temporary file, renames it over the old one,
/// touches it) has been quiet for `quiet` milliseconds, so one save is
/// checked once, and checked whole.
///
/// Times are milliseconds on any clock that only goes forward; the
/// executable passes its monotonic clock's, tests pass numbers.
public struct SaveBurst {
  /// How long the file must stay unchanged before it is read.
  public let quiet: Int
  /// How long a file found missing is given to come back before the screen
  /// says it is missing: an editor that saves by deleting and writing anew
  /// leaves no file for a moment.
  public let missingGrace: Int
  /// When the file is to be read next, if a read is pending.
  public private(set) var due: Int?
  /// The file was found missing and given its grace, and has not been read since.
  private var graceGiven = false

  public init(quiet: Int = 100, missingGrace: Int = 500) {
    self.quiet = quiet
    self.missingGrace = missingGrace
  }

  /// The file changed at `now`: the read waits until `quiet` has passed since.
  public mutating func changed(at now: Int) {
    due = now + quiet
  }

  /// Milliseconds to wait before a read is due (0 when it is due already), nil when none is pending.
  public func wait(at now: Int) -> Int? {
    due.map { max(0, $0 - now) }
  }

  /// True when a read is due at `now`; it is then no longer pending.
  public mutating func takeDueRead(at now: Int) -> Bool {
    guard let due, due <= now else { return false }
    self.due = nil
    return true
  }

  /// The read found the file missing at `now`. True when the screen should
  /// say so; false when the file is given `missingGrace` to come back, and
  /// a read is due again then.
  public mutating func foundMissing(at now: Int) -> Bool {
    guard !graceGiven else { return true }
    graceGiven = true
    due = now + missingGrace
    return false
  }

  /// The read found the file.
  public mutating func foundFile() {
    graceGiven = false
  }
}
