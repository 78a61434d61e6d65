import Foundation
import StreamCore
import Testing

/// One escaper per format, each checked against what the format's own
/// reader makes of it, and by hand for the characters that need care.
@Suite struct TextEscapingTests {
  static let awkward = "say \"hi\"\\ \n\t\r\u{0}\u{7}\u{1B}\u{7F} é🙂 <a & 'b'>"

  @Test func aSwiftLiteralEscapesWhatSwiftRequires() {
    #expect(
      TextEscaping.swiftStringLiteral(Self.awkward)
        == #""say \"hi\"\\ \n\t\r\0\u{7}\u{1b}\u{7f} é🙂 <a & 'b'>""#)
  }

  @Test func aJSONStringReadsBackAsTheSameText() throws {
    let literal = TextEscaping.jsonStringLiteral(Self.awkward)
    #expect(literal == #""say \"hi\"\\ \n\t\r\u0000\u0007\u001b\u007f é🙂 <a & 'b'>""#)
    let decoded = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8), options: []) as? [String]
    #expect(decoded == [Self.awkward])
  }

  @Test func xmlKeepsMarkupOutAndReplacesWhatXMLForbids() {
    #expect(
      TextEscaping.xml(Self.awkward + "\u{FFFE}")
        == "say &quot;hi&quot;\\ &#10;&#9;\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{7F} é🙂 &lt;a &amp; &apos;b&apos;&gt;")
  }
}
