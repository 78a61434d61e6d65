#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Notices when a file may have changed, without reading it.
///
/// On Linux it asks inotify about the file's *folder*: editors save by
/// writing a new file and renaming it over the old one, and a watch on the
/// file itself would stay with the old, replaced file. Everywhere, and as a
/// safety net where inotify sees nothing (macOS builds, a full inotify
/// table, a network file system, a linked file changed through its other
/// name), it compares the file's identity (device, inode, size,
/// modification time) with the one it saw last, each time it is asked.
final class FileWatcher {
  /// The file's identity; nil when there is no file.
  struct Identity: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int
  }

  let path: String
  /// The file's name in its folder, which inotify's events carry.
  private let name: [UInt8]
  /// inotify's descriptor, to be polled for readability; nil without inotify.
  private(set) var descriptor: Int32?
  private var identity: Identity?

  init(path: String) {
    self.path = path
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    name = Array((slash.map { path[path.index(after: $0)...] } ?? path[...]).utf8)
    identity = Self.identity(of: path)
    #if os(Linux)
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else { return }
      let events = UInt32(
        IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB)
      guard inotify_add_watch(descriptor, folder, events) >= 0 else {
        close(descriptor)
        return
      }
      self.descriptor = descriptor
    #endif
  }

  deinit {
    if let descriptor { close(descriptor) }
  }

  /// How long to wait before looking at the file's identity again, in
  /// milliseconds: with inotify the look is only a safety net.
  var lookInterval: Int32 { descriptor == nil ? 250 : 1_000 }

  /// True when something happened to the file since the last call: an
  /// inotify event about it, or a new identity.
  func changed() -> Bool {
    let told = readEvents()
    let now = Self.identity(of: path)
    defer { identity = now }
    return told || now != identity
  }

  /// Reads every waiting inotify event; true when one is about the file.
  private func readEvents() -> Bool {
    guard let descriptor else { return false }
    var aboutFile = false
    var buffer = [UInt8](repeating: 0, count: 8_192)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return aboutFile }
      // struct inotify_event: wd, mask, cookie and len (4 bytes each), then
      // len bytes of name, NUL-padded.
      var offset = 0
      while offset + 16 <= count {
        let length = buffer.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)) }
        let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
        if nameBytes.elementsEqual(name) { aboutFile = true }
        offset += 16 + length
      }
    }
  }

  static func identity(of path: String) -> Identity? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    #if canImport(Darwin)
      let modified = info.st_mtimespec
    #else
      let modified = info.st_mtim
    #endif
    return Identity(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
      modifiedSeconds: Int(modified.tv_sec), modifiedNanoseconds: Int(modified.tv_nsec))
  }
}
