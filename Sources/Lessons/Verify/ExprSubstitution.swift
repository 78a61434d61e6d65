import StreamLang

/// Replaces a name inside an expression tree by another expression: how
/// `scan 0, acc + x` becomes the student's `map 0 + x`, the running total
/// without the running. Every node on the way to a replacement loses its
/// range, so the printer prints it from the tree instead of the old text.
enum ExprSubstitution {
  /// `expr` with every `name` replaced by `replacement`; nil when `name` does not occur.
  static func replacing(_ name: String, with replacement: Expr, in expr: Expr) -> Expr? {
    func rebuilt(_ kind: ExprKind) -> Expr { StageMutation.synthesized(kind) }
    func each(_ items: [Expr]) -> [Expr]? {
      let replaced = items.map { replacing(name, with: replacement, in: $0) }
      guard replaced.contains(where: { $0 != nil }) else { return nil }
      return zip(items, replaced).map { $1 ?? $0 }
    }
    switch expr.kind {
    case .identifier(let identifier):
      return identifier == name ? replacement : nil
    case .array(let items):
      return each(items).map { rebuilt(.array($0)) }
    case .tuple(let items):
      return each(items).map { rebuilt(.tuple($0)) }
    case .unary(let op, let operand):
      return each([operand]).map { rebuilt(.unary(op: op, $0[0])) }
    case .binary(let op, let lhs, let rhs):
      return each([lhs, rhs]).map { rebuilt(.binary(op: op, $0[0], $0[1])) }
    case .ternary(let condition, let then, let otherwise):
      return each([condition, then, otherwise]).map { rebuilt(.ternary($0[0], $0[1], $0[2])) }
    case .member(let base, let member):
      return each([base]).map { rebuilt(.member($0[0], name: member)) }
    case .call(let callee, let arguments):
      return each([callee] + arguments).map { rebuilt(.call(callee: $0[0], arguments: Array($0.dropFirst()))) }
    case .closure(let parameters, let body):
      guard !parameters.contains(name) else { return nil }
      return each([body]).map { rebuilt(.closure(parameters: parameters, body: $0[0])) }
    case .int, .double, .string, .bool, .null, .time, .stream:
      return nil
    }
  }
}
