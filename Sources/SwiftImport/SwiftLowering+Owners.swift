import StreamLang

/// The Swift export's owners read back (issue 30): `:swift` writes the
/// pipeline language's `let vm = owner`, `sink strong vm`, `store vm` and
/// `release vm @T` in these forms, and a pasted export must draw what the
/// program drew. The forms are the export's own; any other use of an
/// `Owner` is left to the interpreter.
extension SwiftLowering {
  /// `subscriptions.connections["owner vm"]`: the owner's name, or nil.
  static func ownerName(_ expression: SwiftExpr) -> String? {
    guard case .subscripted(let base, let arguments) = expression.kind,
      handleKey(base) == "subscriptions.connections", arguments.count == 1,
      case .string(let parts) = arguments[0].value.kind, parts.count == 1,
      case .text(let key) = parts[0], key.hasPrefix("owner "), key.count > "owner ".count
    else { return nil }
    return String(key.dropFirst("owner ".count))
  }

  /// `subscriptions.connections["owner vm"] = Owner()` makes the owner and
  /// `… = nil` lets go of it now; true when `target` is such a place.
  mutating func assignOwner(_ value: SwiftExpr, to target: SwiftExpr) -> Bool {
    guard let name = Self.ownerName(target) else { return false }
    switch value.kind {
    case .null:
      program.append(.release(name: name, at: now), from: currentStatement)
    default:
      program.append(.owner(name: name), from: currentStatement)
    }
    return true
  }

  /// `sink(logging:to:holding: subscriptions.connections["owner vm"])`: the
  /// closure keeps the owner, `sink strong vm`.
  static func strongCapture(in call: SwiftExpr) -> String? {
    guard case .call(_, let arguments) = call.kind,
      let holding = arguments.first(where: { $0.label == "holding" })
    else { return nil }
    return ownerName(holding.value)
  }

  /// `(subscriptions.connections["owner vm"] as? Owner)?.cancellables.insert(cancellable)`:
  /// the subscription `cancellable` holds is stored in `vm`. True when `expression` is that.
  mutating func storeInOwner(_ expression: SwiftExpr) -> Bool {
    let written = source(expression.range)
    guard
      let match = written.wholeMatch(
        of:
          #/\(subscriptions\.connections\["owner ([^"]+)"\] as\? Owner\)\?\.cancellables\.insert\(([A-Za-z_][A-Za-z0-9_]*)\)/#
      ),
      case .cancellable(let number)? = bindings[String(match.2)]
    else { return false }
    program.subscriptions[number].storedIn = String(match.1)
    return true
  }
}
