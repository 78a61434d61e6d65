/// A place in a lesson file: 1-based line and 1-based column, counting
/// characters as an editor does.
public struct FilePosition: Hashable, Comparable, CustomStringConvertible {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public static func < (lhs: FilePosition, rhs: FilePosition) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }

  /// `17:9`
  public var description: String { "\(line):\(column)" }
}
