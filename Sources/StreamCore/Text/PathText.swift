/// File path arithmetic NSString did for streamlab, in plain Swift (the
/// `streamlab` executable links only FoundationEssentials, which has no
/// NSString: docs/benchmarks.md, "Start-up").
public enum PathText {
  /// `component` inside `folder`, joined by one slash: NSString's
  /// `appendingPathComponent` for the folders streamlab is given.
  public static func joining(_ folder: String, _ component: String) -> String {
    if folder.isEmpty { return component }
    if folder.hasSuffix("/") { return folder + component }
    return folder + "/" + component
  }

  /// `path` with a leading `~` (alone or before a slash) replaced by `home`,
  /// as NSString's `expandingTildeInPath` does for the user's own home;
  /// without a home, or for `~user`, the path is returned as it is.
  public static func expandingTilde(_ path: String, home: String?) -> String {
    guard let home, path == "~" || path.hasPrefix("~/") else { return path }
    return home + path.dropFirst()
  }
}
