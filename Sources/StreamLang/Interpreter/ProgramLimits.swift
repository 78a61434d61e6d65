/// How big a program may be. Anything the parser accepts runs or is refused
/// with one of these limits, named at the place it was passed; none is ever
/// found out by the stack overflowing.
///
/// Where they come from (measured on a debug build, whose stack frames are
/// the largest; `:help limits` gives them to students):
/// - Building, subscribing and running recurse once per stage. On its 512 MB
///   `LargeStack` a debug build ran a 50,000-stage pipeline and overflowed at
///   150,000 (the main thread's 8 MB held 2,000). `stagesPerProgram` keeps a
///   margin of more than two for nested pipelines and heavier operators.
/// - A program's run time grows with its statements: 10,000 one-stage
///   pipelines take about 1.5 s in a debug build.
/// - Expressions are compiled and evaluated recursively, one level per
///   operator of a chain such as `x + x + …`.
public enum ProgramLimits {
  /// Stages one program builds: every source and operator, those of nested
  /// pipelines too, and a bound pipeline's stages each time it is used. One
  /// `let` may stand for as many stages (see `StageBudget.checkBinding`).
  public static let stagesPerProgram = 20_000
  /// Statements (pipelines, `let` bindings, `connect`s) in one program.
  public static let statementsPerProgram = 10_000
  /// Operators in one expression, counted along its longest chain: `x + x + x`
  /// has two, `x.count.count` two.
  public static let expressionLength = 10_000
  /// Levels of the parser's descent: a prefix operator is one level, a
  /// bracket, brace or parenthesis two (one for the bracket, one for the
  /// expression inside), so 99 parentheses fit inside each other.
  public static var nesting: Int { Parser.maximumNesting }
}

extension Int {
  /// `20,000`: limits read best with thousands separators.
  public var withThousandsSeparators: String {
    let digits = String(self)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return result
  }
}
