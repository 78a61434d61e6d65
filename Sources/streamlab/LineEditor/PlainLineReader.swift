import StreamLang

#if canImport(Glibc)
  import Glibc
#endif

/// Reads lines from a pipe, a file or a dumb terminal: no prompt, no escape
/// sequences, no history, so `printf '…' | streamlab` output is clean.
///
/// Lines are read as bytes and checked to be UTF-8, so a line with a bad byte
/// is refused with its offset in the input instead of being repaired into
/// characters the parser would then complain about one by one.
final class PlainLineReader: LineReading {
  /// Bytes read before the current line, for the offset of a bad byte.
  private var offset = 0

  func read(prompt: String, pending: String) -> LineRead {
    var buffer: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(buffer) }
    let count = getline(&buffer, &capacity, stdin)
    guard count > 0, let buffer else { return .endOfInput }
    var bytes = UnsafeRawBufferPointer(start: buffer, count: count).map { $0 }
    defer { offset += count }
    if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
    if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
    switch InputText.decode(bytes, from: "<stdin>") {
    case .success(let line): return .line(line)
    case .failure(var error):
      error.offset += offset
      return .unreadable(error.description)
    }
  }

  func remember(_ input: String) {}
}
