import NIOCore
import NIOEmbedded
import Testing

@testable import StreamLabServer

/// Which connection the server closes when one more would pass its capacity:
/// the one idle longest, never one with a request in progress, and the new
/// one itself when every other is busy.
@Suite struct ConnectionTableTests {
  /// Connected, as an accepted connection is: only an active channel closes.
  private func connections(_ count: Int) throws -> [EmbeddedChannel] {
    try (0..<count).map { _ in try Self.connected() }
  }

  private static func connected() throws -> EmbeddedChannel {
    let channel = EmbeddedChannel()
    try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 9)).wait()
    return channel
  }

  @Test func theLongestIdleConnectionIsClosedNotABusyOne() throws {
    let table = ConnectionTable(capacity: 3)
    let channels = try connections(5)
    for channel in channels.prefix(3) { table.admit(channel) }
    table.setBusy(channels[0], true)
    table.admit(channels[3])
    #expect(channels.map { !$0.isOpenForTest } == [false, true, false, false, false])
    #expect(table.count == 3)
    // 0's request ends: it is now the newest idle, so 2 goes next.
    table.setBusy(channels[0], false)
    table.admit(channels[4])
    #expect(channels.map { !$0.isOpenForTest } == [false, true, true, false, false])
    #expect(table.count == 3)
  }

  @Test func whenEveryOtherConnectionIsBusyTheNewOneIsClosed() throws {
    let table = ConnectionTable(capacity: 2)
    let channels = try connections(3)
    for channel in channels.prefix(2) {
      table.admit(channel)
      table.setBusy(channel, true)
    }
    table.admit(channels[2])
    #expect(channels.map { !$0.isOpenForTest } == [false, false, true])
    #expect(table.count == 2)
  }

  @Test func aThousandEvictionsInABurstCloseTheOldestFirst() throws {
    // The burst `scripts/hostile-clients` makes: 2,000 connections, capacity 1,000.
    let table = ConnectionTable(capacity: 1_000)
    let channels = try connections(2_000)
    for channel in channels { table.admit(channel) }
    let closed = channels.indices.filter { !channels[$0].isOpenForTest }
    #expect(closed == Array(0..<1_000))
    #expect(table.count == 1_000)
  }

  @Test func requestsOnConnectionsThatStayDoNotPileUpMarks() throws {
    let table = ConnectionTable(capacity: 10)
    let channels = try connections(10)
    for channel in channels { table.admit(channel) }
    for _ in 0..<10_000 {
      for channel in channels {
        table.setBusy(channel, true)
        table.setBusy(channel, false)
      }
    }
    #expect(table.pendingMarks <= 2 * 10 + 64 + 1)
    // And the order is still right: 0 finished its last request first.
    let newcomer = try Self.connected()
    table.admit(newcomer)
    #expect(!channels[0].isOpenForTest)
    #expect(channels.dropFirst().allSatisfy { $0.isOpenForTest })
  }
}

extension EmbeddedChannel {
  /// Whether the table has not closed it.
  fileprivate var isOpenForTest: Bool { isActive }
}
