/// The fuzz targets `streamlab-fuzz` runs, chosen by name.
public enum FuzzTarget: String, CaseIterable {
  case program
  case lesson

  public func run(_ bytes: [UInt8]) -> FuzzOutcome {
    switch self {
    case .program: return ProgramTarget.run(bytes)
    case .lesson: return LessonTarget.run(bytes)
    }
  }
}
