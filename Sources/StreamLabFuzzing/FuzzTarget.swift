/// The fuzz targets `streamlab-fuzz` runs, chosen by name.
public enum FuzzTarget: String, CaseIterable {
  case program
  case lesson
  /// Raw bytes with no grammar or seed bias, at the playground's prompt and `/api/run`.
  case raw

  public func run(_ bytes: [UInt8]) -> FuzzOutcome {
    switch self {
    case .program: return ProgramTarget.run(bytes)
    case .lesson: return LessonTarget.run(bytes)
    case .raw: return RawBytesTarget.run(bytes)
    }
  }
}
