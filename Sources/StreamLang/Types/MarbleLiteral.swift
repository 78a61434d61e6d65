/// A `marbles "…"` literal, by its diagram string's range and text.
///
/// Marbles are characters drawn in a diagram, not Swift literals: a diagram
/// whose marbles are all digits sends `Int`s unless its use needs `String`s
/// (`a | merge b` with `a` drawn in letters), and then the run builds the
/// digits as Strings, so what runs agrees with the types. The type checker
/// says which literals those are (`TypedProgram.stringMarbles`).
public struct MarbleLiteral: Hashable, Sendable {
  public var range: SourceRange
  public var diagram: String

  public init(range: SourceRange, diagram: String) {
    self.range = range
    self.diagram = diagram
  }
}
