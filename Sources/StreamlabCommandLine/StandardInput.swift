#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard input, read to its end with the C library (Foundation's
/// `FileHandle` is in full Foundation only: docs/benchmarks.md, "Start-up").
public enum StandardInput {
  /// Every byte up to end of file; a read error ends the reading there, as
  /// `FileHandle.readDataToEndOfFile` did.
  public static func readAll() -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes.append(contentsOf: chunk[..<count])
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        return bytes
      }
    }
  }
}
