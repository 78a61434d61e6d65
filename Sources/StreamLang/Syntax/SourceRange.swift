/// A half-open range of UTF-8 offsets into a program's text.
///
/// Every AST node carries one, so diagnostics can point a caret at the exact
/// column and diagram rows can be labelled with the stage's own source text.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
  public var start: Int
  public var end: Int

  public init(start: Int, end: Int) {
    self.start = start
    self.end = end
  }

  public init(_ range: Range<Int>) {
    self.init(start: range.lowerBound, end: range.upperBound)
  }

  /// The smallest range covering both.
  public func union(_ other: SourceRange) -> SourceRange {
    SourceRange(start: min(start, other.start), end: max(end, other.end))
  }

  /// The text this range covers in `source`.
  public func text(in source: String) -> String {
    let utf8 = source.utf8
    let lower = utf8.index(utf8.startIndex, offsetBy: max(0, min(start, utf8.count)))
    let upper = utf8.index(utf8.startIndex, offsetBy: max(0, min(end, utf8.count)))
    return String(decoding: utf8[lower..<upper], as: UTF8.self)
  }

  public var description: String { "\(start)..<\(end)" }
}
