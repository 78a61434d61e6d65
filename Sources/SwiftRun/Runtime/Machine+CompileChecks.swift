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
    guard let written else { return }
    let isPublisher: Bool = {
      guard case .opaque(let opaque) = value else { return false }
      return opaque is PublisherValue || opaque is ConnectableValue || opaque is ConnectableTimer
        || opaque is SubjectValue
    }()
    if isPublisher, written.withoutOptional == .named("AnyCancellable", []) {
      throw refuse(
        "cannot assign a publisher to a property or variable of type `\(written)`: nothing subscribes to it",
        at: range,
        instead: "end the chain with `.sink { … }` or `.assign(to:on:)`, which return the `AnyCancellable`")
    }
    if isPublisher, Self.clashes(publisherWith: written) {
      throw refuse(
        "cannot assign a publisher to a property or variable of type `\(written)`", at: range,
        instead: "the publisher's values, through `.sink { … }` or `.assign(to:)`")
    }
    if let type = Self.clashingType(of: value, with: written) {
      throw refuse("cannot assign value of type '\(type)' to type '\(written)'", at: range)
    }
  }

  /// Swift's name for the type of `value` where a property or variable
  /// declared `written` cannot hold it; nil where it can, or where streamlab
  /// cannot tell (a type of the paste's, a generic, a protocol, a number a
  /// literal may have made). Issue 29's cuts: a deleted line left `()` or a
  /// `String` flowing into a `[String]` property, which Swift refuses.
  static func clashingType(of value: Value, with written: WrittenType) -> String? {
    switch written {
    case .optional(let wrapped), .implicitlyUnwrapped(let wrapped):
      if case .null = value { return nil }
      return clashingType(of: value, with: wrapped)
    case .tuple([]), .named("Void", []):
      return nil
    default:
      break
    }
    let shown: String
    switch value {
    case .tuple([]): shown = "()"
    case .string: shown = "String"
    case .bool: shown = "Bool"
    case .int: shown = "Int"
    case .double: shown = "Double"
    case .opaque(let opaque) where opaque is DateValue: shown = "Date"
    case .array(let items):
      guard let name = Self.plainElementName(items) else { return nil }
      shown = "[\(name)]"
    default: return nil
    }
    switch written {
    case .array:
      return shown.hasPrefix("[") ? nil : shown
    case .dictionary:
      return shown
    case .named("String", []):
      return shown == "String" ? nil : shown
    case .named("Bool", []):
      return shown == "Bool" ? nil : shown
    // A number stays a number: whether `3` became a Double is the literal's business.
    case .named("Int", []), .named("Double", []):
      return ["Int", "Double"].contains(shown) ? nil : shown
    default:
      return nil
    }
  }

  /// The type Swift inferred for a variable declared without one, read from
  /// the value it holds (every write to it was checked against it): a
  /// number, text, a truth value, or an array of one of those; nil otherwise.
  static func inferredType(of value: Value) -> WrittenType? {
    switch value {
    case .int: return .named("Int", [])
    case .double: return .named("Double", [])
    case .string: return .named("String", [])
    case .bool: return .named("Bool", [])
    case .array(let items):
      return Self.plainElementName(items).map { .array(.named($0, [])) }
    default: return nil
    }
  }

  /// `Int`, `Double`, `String` or `Bool` when an array's elements are of
  /// that type, read from the first alone: a Swift array holds one type, and
  /// every write is checked, so a long array is not walked at each append.
  private static func plainElementName(_ items: [Value]) -> String? {
    guard let name = items.first?.typeName, ["Int", "Double", "String", "Bool"].contains(name) else { return nil }
    return name
  }

  /// True where `written` is a value type no publisher is: a number, text, a collection.
  static func clashes(publisherWith written: WrittenType) -> Bool {
    switch written.withoutOptional {
    case .array, .dictionary: return true
    case .named(let name, _): return ["String", "Int", "Double", "Bool"].contains(name)
    default: return false
    }
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

extension Machine {
  /// Refuses, as swiftc does, `removeDuplicates()` with no closure over
  /// values that are not `Equatable`: a tuple, or a struct or class of the
  /// paste that does not say `Equatable` (issue 29's cuts: a deleted `.map`
  /// left `removeDuplicates()` over `combineLatest`'s pairs, and over a
  /// struct). An enum without associated values is `Equatable` by itself.
  static let conformancesWithoutEquality: Set<String> = [
    "Identifiable", "Codable", "Decodable", "Encodable", "CustomStringConvertible", "CustomDebugStringConvertible",
    "Sendable", "Error", "LocalizedError", "ObservableObject",
  ]

  func requireEquatable(_ output: StreamLang.SwiftType, for name: String, at range: SourceRange) throws {
    let instead = "`.\(name)(by:)` with a closure that says when two values are the same"
    switch output {
    case .tuple, .labelled:
      throw refuse(
        "type '\(output.spelling)' cannot conform to 'Equatable': a tuple is not `Equatable`", at: range,
        instead: instead)
    case .named(let typeName):
      // Only where every protocol it names is one that does not make it
      // `Equatable`: a protocol of the paste's (`Model: Hashable`) or a
      // superclass (`NSObject`) may.
      guard let definition = types[typeName], definition.kind != .protocol,
        definition.conformances.isSubset(of: Self.conformancesWithoutEquality)
      else { return }
      if definition.kind == .enum,
        definition.rawType != nil || definition.cases.values.allSatisfy({ $0.associated.isEmpty })
      {
        return
      }
      throw refuse(
        "referencing instance method '\(name)()' on 'Publisher' requires that '\(typeName)' conform to 'Equatable'",
        at: range, instead: instead + ", or `: Equatable` on `\(typeName)`")
    default:
      return
    }
  }
}

extension Machine {
  /// Refuses, as swiftc does, a call of a method a paste's protocol does
  /// not declare on a value held as that protocol (`let service:
  /// WeatherService`): the value's own type may have it, but Swift looks
  /// only at the protocol (issue 29's cuts: a deleted requirement line ran
  /// through the mock's method).
  func requireRequirement(_ name: String, of base: SwiftExpr, in scope: Scope) throws {
    guard !protocolRequirements.isEmpty, let written = declaredType(of: base, in: scope),
      case .named(let protocolName, []) = written.withoutOptional,
      let requirements = protocolRequirements[protocolName], !requirements.contains(name)
    else { return }
    throw refuse(
      "value of type 'any \(protocolName)' has no member '\(name)'", at: base.range,
      instead: "a requirement `func \(name)(…)` in `protocol \(protocolName)`")
  }

  /// The type written where `base` is declared: a variable, a parameter, or
  /// a property of `self` (`service`, `self.service`); nil when none was written.
  private func declaredType(of base: SwiftExpr, in scope: Scope) -> WrittenType? {
    let name: String
    switch base.kind {
    case .identifier(let written):
      if let variable = scope.lookup(written) { return variable.writtenType }
      name = written
    case .member(let owner?, let written) where owner.kind == .identifier("self"):
      name = written
    default:
      return nil
    }
    return scope.currentSelf?.opaque(as: Instance.self)?.fields[name]?.writtenType
  }
}
