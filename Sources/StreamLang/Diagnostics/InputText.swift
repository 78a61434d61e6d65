/// Bytes a student handed to streamlab (a program argument, a file, standard
/// input), accepted only when they are UTF-8.
///
/// Decoding with repair would turn each bad byte into U+FFFD and then into a
/// parse error of its own: a binary file gave hundreds of errors. One line
/// saying where the first bad byte is tells the student what happened.
public enum InputText {
  /// Input that is not UTF-8: where it came from and where it goes wrong.
  public struct NotUTF8: Error, Equatable, CustomStringConvertible {
    /// The file's path, `<argument>` or `<stdin>`.
    public var source: String
    /// Offset of the first byte that is not part of a valid UTF-8 character, from 0.
    public var offset: Int
    /// That byte.
    public var byte: UInt8

    public var description: String {
      let hex = String(byte, radix: 16, uppercase: true)
      return "\(source): not UTF-8 text: byte 0x\(hex.count == 1 ? "0" + hex : hex) at offset \(offset)"
    }
  }

  /// The text of `bytes`, or where the first byte that is not UTF-8 is.
  public static func decode(_ bytes: some Collection<UInt8>, from source: String) -> Result<String, NotUTF8> {
    // Nearly every input is valid, and the standard library checks a buffer
    // in one fast pass. Scalar by scalar through a generic iterator (below),
    // a 10,000-statement file took 100 ms under load before reading began,
    // with Ctrl-C waiting on it (issue 26).
    if let text = bytes.withContiguousStorageIfAvailable({ String(validating: $0, as: UTF8.self) }) ?? nil {
      return .success(text)
    }
    if let offset = firstInvalidOffset(in: bytes) {
      let byte = bytes[bytes.index(bytes.startIndex, offsetBy: offset)]
      return .failure(NotUTF8(source: source, offset: offset, byte: byte))
    }
    return .success(String(decoding: bytes, as: UTF8.self))
  }

  /// The offset of the first byte that does not belong to a well-formed
  /// UTF-8 character, or nil when every byte does.
  public static func firstInvalidOffset(in bytes: some Collection<UInt8>) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded): offset += encoded.count
      case .error: return offset
      case .emptyInput: return nil
      }
    }
  }
}
