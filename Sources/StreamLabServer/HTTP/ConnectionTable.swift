import NIOConcurrencyHelpers
import NIOCore

/// The server's open connections, at most `capacity` of them, which is set
/// below the file-descriptor limit: at the limit, the next accept would fail
/// and NIO would stop accepting for a second, so a classroom's real requests
/// would wait behind idle sockets. Instead a new connection closes the one
/// that has been idle longest (no request in progress), as nginx drains its
/// keep-alive connections when it runs out; when every connection is busy,
/// the new one is closed.
///
/// Finding the longest idle takes constant time (amortized): a burst of
/// 2,000 connections against a capacity of about 1,000 evicts a thousand
/// times, and a scan of every connection at each eviction held the lock, and
/// the event loop that accepts, for tens of milliseconds.
final class ConnectionTable: @unchecked Sendable {
  let capacity: Int
  private let lock = NIOLock()
  private var entries: [ObjectIdentifier: Entry] = [:]
  /// Increases on every change to idle, so the smallest `idleSince` is the longest idle.
  private var clock = 0
  /// Each time a connection became idle, oldest first. A connection that has
  /// since become busy, idle again or closed leaves a stale mark here, which
  /// the eviction skips (its `idleSince` no longer matches).
  private var idleMarks: [(since: Int, key: ObjectIdentifier)] = []
  private var firstMark = 0

  private struct Entry {
    let channel: any Channel
    /// nil while a request is in progress.
    var idleSince: Int?
  }

  init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  var count: Int { lock.withLock { entries.count } }

  /// Connections with a request in progress.
  var busyCount: Int { lock.withLock { entries.values.count { $0.idleSince == nil } } }

  /// The idle marks not yet passed, stale ones included (for the tests).
  var pendingMarks: Int { lock.withLock { idleMarks.count - firstMark } }

  /// Adds a newly accepted connection (idle until its first request), and
  /// closes one to stay within the capacity.
  func admit(_ channel: any Channel) {
    let key = ObjectIdentifier(channel)
    let evicted: (any Channel)? = lock.withLock {
      entries[key] = Entry(channel: channel, idleSince: nil)
      let victim = entries.count > capacity ? longestIdle() ?? key : nil
      markIdle(key)
      return victim.flatMap { entries.removeValue(forKey: $0)?.channel }
    }
    evicted?.close(promise: nil)
    channel.closeFuture.whenComplete { [weak self] _ in
      self?.lock.withLock { _ = self?.entries.removeValue(forKey: key) }
    }
  }

  /// Marks a connection busy from a request's head until its response ends.
  func setBusy(_ channel: any Channel, _ busy: Bool) {
    let key = ObjectIdentifier(channel)
    lock.withLock {
      guard entries[key] != nil else { return }
      if busy {
        entries[key]?.idleSince = nil
      } else {
        markIdle(key)
      }
    }
  }

  /// Called with the lock held.
  private func markIdle(_ key: ObjectIdentifier) {
    clock += 1
    entries[key]?.idleSince = clock
    idleMarks.append((clock, key))
    // Requests on connections that are never evicted leave stale marks
    // too: past twice the connections, keep only the live ones.
    if idleMarks.count - firstMark > 2 * entries.count + 64 {
      idleMarks = idleMarks[firstMark...].filter { entries[$0.key]?.idleSince == $0.since }
      firstMark = 0
    }
  }

  /// The connection idle longest, its stale marks dropped on the way; nil
  /// when every connection is busy. Called with the lock held.
  private func longestIdle() -> ObjectIdentifier? {
    defer { compactMarks() }
    while firstMark < idleMarks.count {
      let mark = idleMarks[firstMark]
      firstMark += 1
      if let entry = entries[mark.key], entry.idleSince == mark.since { return mark.key }
    }
    return nil
  }

  /// Drops the marks already passed once they are half the array, so it
  /// stays within twice the marks still ahead.
  private func compactMarks() {
    guard firstMark > 64, firstMark * 2 > idleMarks.count else { return }
    idleMarks.removeFirst(firstMark)
    firstMark = 0
  }
}
