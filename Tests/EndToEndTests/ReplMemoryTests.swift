import Foundation
import Testing

/// What the playground keeps after a large run: the last run's recording
/// (for `:trace`, `:json`, `:swift`), not the run's high-water mark.
/// Issue "Large runs" allows 48 bytes of resident memory per recorded event.
@Suite struct ReplMemoryTests {
  private static let prompt = "» "

  @Test func afterALargeRunTheREPLHoldsAtMost48BytesPerRecordedEvent() throws {
    try StreamlabBinary.withTemporaryHome { home in
      let terminal = try PseudoTerminal(
        [StreamlabBinary.path, "--horizon", "200s"], environment: StreamlabBinary.environment(home: home))
      try terminal.waitFor(Self.prompt)
      try terminal.waitForLineEditing()
      // A small run first, so the baseline has the run machinery paged in.
      var mark = terminal.mark
      terminal.type("just 1 | map x + 1\r")
      try terminal.waitFor(Self.prompt, after: try terminal.waitFor("map x + 1", after: mark))
      try terminal.waitForLineEditing()
      let before = try #require(Self.residentBytes(of: terminal.pid))

      // 200,000 ticks in 200s, recorded in two rows: 400,000 events.
      mark = terminal.mark
      terminal.type("interval 1ms | map x + 1\r")
      let drawn = try terminal.waitFor("frame", after: mark, patience: 120)
      try terminal.waitFor(Self.prompt, after: drawn)
      try terminal.waitForLineEditing()
      let after = try #require(Self.residentBytes(of: terminal.pid))

      let recordedEvents = 400_000
      #expect(
        after - before <= 48 * recordedEvents,
        "grew \(after - before) bytes: \((after - before) / recordedEvents) bytes an event")
      terminal.type(":quit\r")
      #expect(try terminal.waitForExit() == 0)
    }
  }

  /// `VmRSS` of `/proc/PID/status`, in bytes.
  private static func residentBytes(of pid: pid_t) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return nil }
    let kilobytes = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first
    return kilobytes.flatMap { Int($0) }.map { $0 * 1024 }
  }
}
