#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard output or standard error as a `TextOutputStream`, for
/// `print(…, to: &stream)` and `stream.write(text)` in both executables.
///
/// Written with the C library's `fwrite` rather than Foundation's
/// `FileHandle`, so `streamlab` links no full Foundation (which brings ICU's
/// data and CoreFoundation, and slows every start: docs/benchmarks.md, "Start-up").
/// Each write is flushed, so it reaches the file at once and in order with
/// the other stream, as `FileHandle`'s unbuffered writes did.
public struct StandardStream: TextOutputStream {
  private let file: UnsafeMutablePointer<FILE>

  public static var error: StandardStream { StandardStream(file: stderr) }
  public static var output: StandardStream { StandardStream(file: stdout) }

  public func write(_ string: String) {
    var text = string
    text.withUTF8 { bytes in _ = fwrite(bytes.baseAddress, 1, bytes.count, file) }
    fflush(file)
  }
}
