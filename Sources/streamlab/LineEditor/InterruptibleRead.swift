import CEditLine

#if canImport(Glibc)
  import Glibc
#endif

/// libedit's character reader, replaced so that Ctrl-C always ends the read.
///
/// The SIGINT handler only sets a flag. A signal that arrives while libedit is
/// blocked in read() interrupts it; one that arrives while libedit is busy
/// (drawing the echo of the last key) would leave the next read() blocked with
/// the flag set and nobody looking. This reader waits with poll() in short
/// slices and checks the flag between them, so Ctrl-C is seen within one
/// slice whenever it lands. A resize is passed on to libedit between slices
/// too. It decodes UTF-8 itself, as libedit's own reader does.
enum InterruptibleRead {
  /// How long one wait for input lasts before the flag is looked at again.
  static let sliceMilliseconds: Int32 = 50

  /// The `WindowSize.generation` libedit last measured the terminal at.
  nonisolated(unsafe) private static var measuredGeneration = WindowSize.generation

  static let readCharacter: el_rfunc_t = { editLine, character in
    guard let character else { return -1 }
    var bytes: [UInt8] = []
    var expected = 1
    while true {
      if InterruptFlag.isRaised {
        errno = EINTR
        return -1
      }
      // libedit's own signal handling is off (LineEditor), so it learns of a
      // resize here: the line it edits wraps at the new width.
      if let editLine, measuredGeneration != WindowSize.generation {
        measuredGeneration = WindowSize.generation
        streamlab_el_resize(editLine)
      }
      var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      let ready = poll(&input, 1, sliceMilliseconds)
      if ready == 0 || (ready < 0 && errno == EINTR) { continue }
      if ready < 0 { return -1 }
      var byte: UInt8 = 0
      let count = read(STDIN_FILENO, &byte, 1)
      if count == 0 { return 0 }
      if count < 0 {
        if errno == EINTR { continue }
        return -1
      }
      if bytes.isEmpty { expected = utf8Length(leadingByte: byte) }
      bytes.append(byte)
      guard bytes.count >= expected else { continue }
      let scalar = String(decoding: bytes, as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
      character.pointee = wchar_t(bitPattern: scalar.value)
      return 1
    }
  }

  /// How many bytes the UTF-8 sequence starting with `byte` has (1 for a stray
  /// continuation byte, which then decodes as U+FFFD).
  static func utf8Length(leadingByte byte: UInt8) -> Int {
    switch byte {
    case 0xF0...0xF7: return 4
    case 0xE0...0xEF: return 3
    case 0xC0...0xDF: return 2
    default: return 1
    }
  }
}
