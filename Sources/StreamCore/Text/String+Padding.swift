extension StringProtocol {
  /// The text padded with spaces, or cut, to `length` UTF-16 code units:
  /// Foundation's `padding(toLength: length, withPad: " ", startingAt: 0)`,
  /// which the `streamlab` executable cannot use (it links only
  /// FoundationEssentials: docs/benchmarks.md, "Start-up"). Counted in UTF-16 like
  /// Foundation, so help columns line up exactly as they did.
  public func paddedWithSpaces(toLength length: Int) -> String {
    let units = utf16.count
    if units < length { return String(self) + String(repeating: " ", count: length - units) }
    return String(decoding: utf16.prefix(length), as: UTF16.self)
  }
}
