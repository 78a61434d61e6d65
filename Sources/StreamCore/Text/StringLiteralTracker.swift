/// Follows a text character by character and says which characters belong
/// to a `"…"` string literal (`\` escapes included), so a scan for words,
/// commas or brackets can pass over strings.
public struct StringLiteralTracker {
  private var inString = false
  private var escaped = false

  public init() {}

  /// Whether `character`, the next one of the text, is part of a string
  /// literal, its quotes included.
  public mutating func isInString(_ character: Character) -> Bool {
    if inString {
      if escaped {
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "\"" {
        inString = false
      }
      return true
    }
    if character == "\"" {
      inString = true
      return true
    }
    return false
  }
}
