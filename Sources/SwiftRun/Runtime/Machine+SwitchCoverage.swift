import StreamCore
import StreamLang
import SwiftImport

extension Machine {
  /// Refuses, as swiftc does, a `switch` over an enum that leaves a case
  /// out with no `default:`, and a pattern naming a case the enum lacks,
  /// before any case is tried. A run meets only the value at hand, so a
  /// missing case whose value never came ran without a word (issue 29's
  /// cuts: `case .failure(.quotaExceeded):` deleted from a completion
  /// `switch`). Checked for a `Subscribers.Completion` whose failures the
  /// patterns name, and for an enum of the paste's own; anything else is
  /// left to the run.
  func requireExhaustive(_ cases: [SwiftSwitchCase], over subject: Value, at range: SourceRange) throws {
    // An Optional's switch (`.some`, `.none`, `nil`, `x?`) is left to the run.
    guard !cases.contains(where: { $0.patterns.isEmpty }), let enumValue = subject.opaque(as: EnumValue.self),
      !cases.contains(where: { switchCase in
        switchCase.patterns.contains { pattern in
          if case .optional = pattern { return true }
          if case .expression(let expression) = pattern, case .null = expression.kind { return true }
          return ["some", "none"].contains(Self.enumPattern(pattern)?.name)
        }
      })
    else { return }
    // Guarded cases cover nothing, as in Swift's check.
    let patterns = cases.filter { $0.whereClause == nil }.flatMap { switchCase in
      switchCase.patterns.map { (pattern: $0, range: switchCase.range) }
    }
    if enumValue.typeName == "Subscribers.Completion" {
      var missing: [String] = []
      if !patterns.contains(where: { Self.enumPattern($0.pattern)?.name == "finished" }) { missing.append(".finished") }
      let failures = patterns.compactMap { entry -> (pattern: SwiftPattern?, range: SourceRange)? in
        guard let (name, arguments) = Self.enumPattern(entry.pattern), name == "failure" else { return nil }
        return (arguments.first?.pattern, entry.range)
      }
      if !failures.contains(where: { $0.pattern.map(Self.isIrrefutable) ?? true }) {
        let named = failures.compactMap { failure in failure.pattern.map { ($0, failure.range) } }
        if let error = errorEnum(named, failing: enumValue) {
          missing += try uncovered(error, by: named).map { ".failure(.\($0))" }
        } else if named.isEmpty {
          missing.append(".failure(_)")
        } else {
          return
        }
      }
      try refuseMissing(missing, at: range)
    } else if let definition = enumValue.definition ?? types[enumValue.typeName], definition.kind == .enum {
      try refuseMissing(try uncovered(definition, by: patterns).map { ".\($0)" }, at: range)
    }
  }

  private func refuseMissing(_ missing: [String], at range: SourceRange) throws {
    guard !missing.isEmpty else { return }
    throw refuse(
      "switch must be exhaustive: no case for " + missing.map { "`\($0)`" }.joined(separator: ", "), at: range,
      instead: "a `case` for each, or `default:`")
  }

  /// The paste's enum the failure patterns name: the failing value's own,
  /// or the one enum declaring the cases they name.
  private func errorEnum(_ patterns: [(SwiftPattern, SourceRange)], failing completion: EnumValue) -> TypeDefinition? {
    if let error = completion.associated.first?.opaque(as: EnumValue.self),
      let definition = error.definition ?? types[error.typeName], definition.kind == .enum
    {
      return definition
    }
    let names = Set(patterns.compactMap { Self.enumPattern($0.0)?.name })
    let candidates = types.values.filter { $0.kind == .enum && !names.isDisjoint(with: $0.cases.keys) }
    return candidates.count == 1 ? candidates[0] : nil
  }

  /// The cases of `definition` no pattern covers whole; refuses a pattern
  /// naming a case it does not declare.
  private func uncovered(_ definition: TypeDefinition, by patterns: [(pattern: SwiftPattern, range: SourceRange)])
    throws -> [String]
  {
    var covered: Set<String> = []
    for (pattern, range) in patterns {
      guard let (name, arguments) = Self.enumPattern(pattern) else { continue }
      try requireCase(name, of: definition, at: range)
      if arguments.allSatisfy({ Self.isIrrefutable($0.pattern) }) { covered.insert(name) }
    }
    return definition.cases.values.sorted { $0.range.start < $1.range.start }.map(\.name).filter {
      !covered.contains($0)
    }
  }

  /// The case name and payload patterns of `.name(…)`, `.name` or `Type.name`.
  static func enumPattern(_ pattern: SwiftPattern) -> (name: String, arguments: [SwiftPatternArgument])? {
    switch pattern {
    case .enumCase(_, let name, let arguments): return (name, arguments)
    case .expression(let expression):
      if case .member(_, let name) = expression.kind { return (name, []) }
      return nil
    default: return nil
    }
  }

  /// A pattern every value matches: `_`, `let x`, or a tuple of them.
  static func isIrrefutable(_ pattern: SwiftPattern) -> Bool {
    switch pattern {
    case .wildcard, .binding: return true
    case .tuple(let elements): return elements.allSatisfy { isIrrefutable($0.pattern) }
    default: return false
    }
  }
}
