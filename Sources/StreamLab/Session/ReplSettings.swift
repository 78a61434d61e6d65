import StreamCore

/// What the shell tells a session about its surroundings and what the student
/// has set with `:horizon` and `:scale`: everything a run and a diagram need
/// that is not the program itself.
public struct ReplSettings: Equatable {
  /// How much virtual time a run may take.
  public var horizon: VirtualInterval = .seconds(10)
  /// The event budget of a run.
  public var maxEvents = 1_000_000
  /// The time one diagram column stands for; nil lets the diagram choose.
  public var scale: VirtualInterval?
  /// Columns available for diagrams.
  public var width = 80
  /// Text diagrams may contain colour escapes.
  public var color = false
  /// Every format shows inner rows (`flatMap`'s inner streams, `catch`'s
  /// fallback, …); `:inner off` and `--inner off` leave them out.
  public var showsInnerRows = true
  /// Text and SVG diagrams show each stage's `<Output, Failure>` after its
  /// label (`--types`); with `showsFullTypes` the text diagram is followed by
  /// each pipeline's full Combine type (`--full-types`).
  public var showsTypes = false
  public var showsFullTypes = false
  /// The lesson files the shell found (`lessons/lesson01.txt`, …), offered by
  /// `:lessons` and by completion after `:load`.
  public var lessonFiles: [String] = []
  /// Where the lessons live, for the welcome line.
  public var lessonsDirectory = "lessons/"

  public init() {}
}
