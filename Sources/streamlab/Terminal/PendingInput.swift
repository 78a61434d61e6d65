#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether more typed input is already waiting. Lines a terminal delivers
/// together were pasted together: an empty line among them is part of the
/// paste (a blank line between two statements of Swift), not the student
/// pressing Return on an empty line to end it.
enum PendingInput {
  /// True when standard input has bytes ready now, without waiting.
  static var isWaiting: Bool {
    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLIN) != 0
  }
}
