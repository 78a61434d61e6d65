import StreamCore

/// The name Lessons' JUnit report escapes XML through; the escaper itself is
/// `TextEscaping.xml`, beside the other formats' escapers.
public enum XMLText {
  public static func escaped(_ text: String) -> String { TextEscaping.xml(text) }
}
