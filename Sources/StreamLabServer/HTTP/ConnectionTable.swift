import NIOConcurrencyHelpers
import NIOCore

/// The server's open connections, at most `capacity` of them, which is set
/// below the file-descriptor limit: at the limit, the next accept would fail
/// and NIO would stop accepting for a second, so a classroom's real requests
/// would wait behind idle sockets. Instead a new connection closes the one
/// that has been idle longest (no request in progress), as nginx drains its
/// keep-alive connections when it runs out; when every connection is busy,
/// the new one is closed.
final class ConnectionTable: @unchecked Sendable {
  let capacity: Int
  private let lock = NIOLock()
  private var entries: [ObjectIdentifier: Entry] = [:]
  /// Increases on every change to idle, so the smallest `idleSince` is the longest idle.
  private var clock = 0

  private struct Entry {
    let channel: any Channel
    /// nil while a request is in progress.
    var idleSince: Int?
  }

  init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  var count: Int { lock.withLock { entries.count } }

  /// Adds a newly accepted connection (idle until its first request), and
  /// closes one to stay within the capacity.
  func admit(_ channel: any Channel) {
    let key = ObjectIdentifier(channel)
    let evicted: (any Channel)? = lock.withLock {
      clock += 1
      entries[key] = Entry(channel: channel, idleSince: clock)
      guard entries.count > capacity else { return nil }
      let oldest = entries.filter { $0.key != key && $0.value.idleSince != nil }
        .min { $0.value.idleSince! < $1.value.idleSince! }
      let victim = oldest?.key ?? key
      return entries.removeValue(forKey: victim)?.channel
    }
    evicted?.close(promise: nil)
    channel.closeFuture.whenComplete { [weak self] _ in
      self?.lock.withLock { _ = self?.entries.removeValue(forKey: key) }
    }
  }

  /// Marks a connection busy from a request's head until its response ends.
  func setBusy(_ channel: any Channel, _ busy: Bool) {
    lock.withLock {
      clock += 1
      entries[ObjectIdentifier(channel)]?.idleSince = busy ? nil : clock
    }
  }
}
