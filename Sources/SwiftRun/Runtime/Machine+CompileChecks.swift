import StreamCore
import StreamLang
import SwiftImport

/// What swiftc refuses before a program runs and streamlab checks where the
/// run meets it (issue 29's cuts: each of these ran without a word).
extension Machine {
  /// Refuses, as swiftc does, a publisher stored where an `AnyCancellable`
  /// is declared: the chain lacks its `sink` or `assign`, which is what
  /// returns the `AnyCancellable` (issue 29's cuts: a deleted `.sink` line
  /// ran, subscribing nothing, where Swift does not compile).
  func checkAssignable(_ value: Value, to written: WrittenType?, at range: SourceRange) throws {
    guard let written, written.withoutOptional == .named("AnyCancellable", []), case .opaque(let opaque) = value,
      opaque is PublisherValue || opaque is ConnectableValue || opaque is ConnectableTimer || opaque is SubjectValue
    else { return }
    throw refuse(
      "cannot assign a publisher to a property or variable of type `\(written)`: nothing subscribes to it", at: range,
      instead: "end the chain with `.sink { … }` or `.assign(to:on:)`, which return the `AnyCancellable`")
  }
}

extension Machine {
  /// Refuses `self.count` in a closure that captured `[weak self]` and has
  /// not unwrapped it: there `self` is an Optional, and swiftc refuses the
  /// member (issue 29's cuts: a deleted `guard let self` line ran as if
  /// `self` were strong).
  func requireUnwrappedSelf(_ base: SwiftExpr, member name: String, in scope: Scope) throws {
    guard case .identifier("self") = base.kind, let weak = scope.weakSelf, !weak.isUnowned,
      scope.lookup("self") == nil  // `guard let self` binds an unwrapped `self`
    else { return }
    let type = weak.instance?.type.name ?? "Self"
    throw refuse(
      "value of optional type '\(type)?' must be unwrapped to refer to member '\(name)' of wrapped base type "
        + "'\(type)'", at: base.range,
      instead: "`self?.\(name)`, or `guard let self else { return }` before it")
  }
}

extension Machine {
  /// Refuses, as swiftc does, a pattern naming a case the paste's enum does
  /// not declare (`case .failure(.quotaExceeded):` once `quotaExceeded` is
  /// gone): it would otherwise simply never match.
  func requireCase(_ name: String, of definition: TypeDefinition, at range: SourceRange) throws {
    guard definition.cases[name] == nil else { return }
    throw refuse(
      "type '\(definition.name)' has no member '\(name)'", at: range,
      instead: "one of its cases: " + definition.cases.keys.sorted().map { "`.\($0)`" }.joined(separator: ", "))
  }
}
