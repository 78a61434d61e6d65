/// One way of showing a finished run: `--format` of `streamlab eval`, and the
/// `:events`, `:json`, `:svg` and `:swift` meta-commands.
public enum OutputFormat: String, CaseIterable {
  /// Marble diagrams, one row per stage.
  case text
  /// One line per recorded event.
  case events
  case json
  case svg
  /// The Combine code a student would write for the program.
  case swift
  /// That code with an XCTest case that runs it on a test scheduler and
  /// asserts every event the run drew (issue 32).
  case xctest

  /// Formats read by programs, which must never contain colour escapes.
  public var isMachineReadable: Bool { self != .text }

  /// True when the document says why a run stopped (the text diagram's last
  /// line, the event list's, a JSON note, the SVG's footer). A Swift export
  /// is code, with no place for it; nor is a test.
  public var showsWhyTheRunStopped: Bool { self != .swift && self != .xctest }
}

/// Why a run cannot be shown in the format asked for.
public enum PresentationError: Error, Equatable, CustomStringConvertible {
  case unavailable(OutputFormat, reason: String)

  public var description: String {
    switch self {
    case .unavailable(let format, let reason): return "\(format.rawValue) output is not available yet: \(reason)"
    }
  }
}
