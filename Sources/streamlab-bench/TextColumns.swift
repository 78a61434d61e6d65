import Foundation

/// The cells of the benchmark's printed tables.
enum TextColumns {
  static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return right ? padding + text : text + padding
  }

  static func milliseconds(_ seconds: Double) -> String { String(format: "%.1fms", seconds * 1000) }

  /// Bytes in MB (10⁶ bytes), one decimal.
  static func megabytes(_ bytes: Double) -> String { String(format: "%.1f MB", bytes / 1e6) }
}
