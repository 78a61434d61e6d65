/// The pipelines written directly inside a stage: stream arguments
/// (`merge S`, `catch { … }`), `deferred { … }` and `{ … }` groups, and
/// pipelines inside closures (`flatMap { just x | delay 1s }`).
///
/// Only one level: a caller that wants every pipeline recurses into these.
/// Pipelines nest no deeper than the parser allows, but one expression can
/// be a long chain (`x + x + …`), so expressions are walked with a worklist,
/// never recursively.
extension SourceStage {
  public var nestedPipelines: [Pipeline] {
    switch kind {
    case .deferred(let inner), .group(let inner): return [inner]
    default: return ExpressionSite.sites(in: kind).flatMap(\.expr.nestedPipelines)
    }
  }
}

extension OperatorStage {
  public var nestedPipelines: [Pipeline] {
    // Stream arguments are pipelines themselves; their expressions are also
    // among the operator's sites, so those are not searched a second time.
    switch kind {
    case .merge(let streams): return streams
    case .zip(let streams, let transform), .combineLatest(let streams, let transform):
      return streams + (transform?.nestedPipelines ?? [])
    case .append(.stream(let inner)), .prepend(.stream(let inner)), .catch(let inner): return [inner]
    default: return ExpressionSite.sites(in: kind).flatMap(\.expr.nestedPipelines)
    }
  }
}

extension Expr {
  /// The `{ pipeline }` values anywhere in this expression, outermost first.
  public var nestedPipelines: [Pipeline] {
    var found: [Pipeline] = []
    var pending = [self]
    while let expr = pending.popLast() {
      switch expr.kind {
      case .stream(let pipeline): found.append(pipeline)
      case .closure(_, let body): pending.append(body)
      case .unary(_, let operand), .member(let operand, _): pending.append(operand)
      case .binary(_, let lhs, let rhs): pending += [rhs, lhs]
      case .ternary(let condition, let then, let otherwise): pending += [otherwise, then, condition]
      case .call(let callee, let arguments): pending += arguments.reversed() + [callee]
      case .array(let items), .tuple(let items): pending += items.reversed()
      case .int, .double, .string, .bool, .null, .time, .identifier: break
      }
    }
    return found
  }
}
