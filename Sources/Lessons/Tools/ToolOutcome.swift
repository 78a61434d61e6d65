/// What a lesson command produced: text for standard output and standard
/// error, and its exit code (0 success, 1 a check failed, 2 a lesson-file or usage error).
/// It is an `Error` too, so loading can hand back the outcome that reports a broken file.
public struct ToolOutcome: Error, Hashable {
  public var standardOutput: String
  public var standardError: String
  public var exitCode: Int32

  public init(standardOutput: String = "", standardError: String = "", exitCode: Int32 = 0) {
    self.standardOutput = standardOutput
    self.standardError = standardError
    self.exitCode = exitCode
  }

  /// Exit codes combine by severity: an error (2) outranks a failure (1).
  mutating func merge(_ other: ToolOutcome) {
    standardOutput += other.standardOutput
    standardError += other.standardError
    exitCode = max(exitCode, other.exitCode)
  }
}
