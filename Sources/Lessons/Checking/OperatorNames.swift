/// Resolves operator names as teachers write them in `require:` and `forbid:`
/// to the canonical names the checker compares.
enum OperatorNames {
  static func canonical(_ name: String) -> String {
    aliases[name] ?? name
  }

  /// Why `name` is not an operator, or nil when it is one.
  static func problem(with name: String) -> String? {
    nil
  }

  private static let aliases = ["take": "prefix", "drop": "dropFirst"]
}
