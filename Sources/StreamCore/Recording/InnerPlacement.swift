/// Where an inner row hangs in a diagram: under which operator, in which
/// order, and how deep.
///
/// `just 1,2 | flatMap { x in { timer 100ms | map x } }` subscribes two inner
/// streams; their rows are `InnerPlacement(parent: 1, number: 1, depth: 1)`
/// and `number: 2`, both under stage 1's row. A `flatMap` inside an inner
/// stream hangs its own inner rows under that inner row, one level deeper.
public struct InnerPlacement: Hashable {
  /// The stage of the shown pipeline whose operator the row hangs under; for
  /// a nested row, the stage its outermost inner row hangs under.
  public var parent: Int
  /// 1, 2, … in subscription order among all inner rows under `parent`, at
  /// any depth.
  public var number: Int
  /// The `number` of the inner row this one is nested in, or nil when it
  /// hangs directly under the operator's row.
  public var nestedIn: Int?
  /// 1 directly under the operator's row, 2 under an inner row, and so on.
  public var depth: Int
  /// Set when the row is not a subscription of its own but one stage (0 the
  /// source) of the bound pipeline the inner row `nestedIn` shows: `a | merge
  /// b` with `let b = marbles "-1|" | map x*2` draws `marbles "-1|"` under `↳ b`.
  public var stageOfInner: Int?

  public init(parent: Int, number: Int, nestedIn: Int? = nil, depth: Int = 1, stageOfInner: Int? = nil) {
    self.parent = parent
    self.number = number
    self.nestedIn = nestedIn
    self.depth = depth
    self.stageOfInner = stageOfInner
  }
}
