/// Text made safe for XML, shared by everything streamlab writes as XML
/// (SVG diagrams, JUnit reports).
public enum XMLText {
  /// `text` escaped for XML content and attribute values alike: markup
  /// characters become entities, line breaks and tabs character references
  /// (so attributes keep them), and control characters XML 1.0 forbids even
  /// when escaped become U+FFFD.
  public static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\n": result += "&#10;"
      case "\t": result += "&#9;"
      case "\u{FFFE}", "\u{FFFF}": continue
      default:
        if scalar.value < 0x20 {
          result += "\u{FFFD}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }
}
