import StreamCore

/// The failures of a run for the legend under a diagram (`# = "offline"`):
/// each message once, with the time it first appeared, in row order. Shared
/// by the text and SVG diagrams; reads only the rows' failure positions, so a
/// row of a million values costs one pass over its kinds.
enum FailureMessages {
  static func firstAppearances(in rows: [Timeline]) -> [(message: String, time: VirtualTime)] {
    var found: [(message: String, time: VirtualTime)] = []
    for row in rows {
      for position in row.events.failurePositions {
        guard case .failed(let message) = row.events.kind(at: position),
          !found.contains(where: { $0.message == message })
        else { continue }
        found.append((message, row.events.time(at: position)))
      }
    }
    return found
  }
}
