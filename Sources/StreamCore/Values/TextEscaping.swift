/// Text written inside the formats streamlab produces: one escaper per
/// format, all of them here. They share one walk over the text's Unicode
/// scalars; each format says only what a scalar becomes.
public enum TextEscaping {
  /// `text` as a Swift string literal, every character Swift requires
  /// escaped: how strings appear in diagrams, messages and exported Swift code.
  public static func swiftStringLiteral(_ text: String) -> String {
    "\""
      + escaped(text) { scalar in
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\t": return "\\t"
        case "\r": return "\\r"
        case "\0": return "\\0"
        default: return isControl(scalar) ? "\\u{\(String(scalar.value, radix: 16))}" : nil
        }
      } + "\""
  }

  /// `text` as a JSON string (RFC 8259), every character JSON requires escaped.
  public static func jsonStringLiteral(_ text: String) -> String {
    "\""
      + escaped(text) { scalar in
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case "\u{08}": return "\\b"
        case "\u{0C}": return "\\f"
        default:
          guard isControl(scalar) else { return nil }
          let hex = String(scalar.value, radix: 16)
          return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
      } + "\""
  }

  /// `text` escaped for XML content and attribute values alike: markup
  /// characters become entities, line breaks and tabs character references
  /// (so attributes keep them), and what XML 1.0 forbids even when escaped
  /// (other control characters, U+FFFE, U+FFFF) becomes U+FFFD or nothing.
  public static func xml(_ text: String) -> String {
    escaped(text) { scalar in
      switch scalar {
      case "&": return "&amp;"
      case "<": return "&lt;"
      case ">": return "&gt;"
      case "\"": return "&quot;"
      case "'": return "&apos;"
      case "\n": return "&#10;"
      case "\t": return "&#9;"
      case "\u{FFFE}", "\u{FFFF}": return ""
      default: return scalar.value < 0x20 ? "\u{FFFD}" : nil
      }
    }
  }

  /// C0 controls and DEL: invisible, so a literal spells them out.
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || scalar.value == 0x7F }

  /// `text` with each scalar replaced by what `replacement` says, or kept when it says nil.
  private static func escaped(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if let replaced = replacement(scalar) {
        result += replaced
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
