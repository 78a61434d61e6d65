import StreamCore
import StreamLang
import SwiftImport

/// What a closure keeps of the scope it is written in: the variables it
/// uses, by reference, and `self` as its capture list says: strongly,
/// `weak` (nil once released) or `unowned`.
///
/// Swift captures only the names a closure uses, so a closure does not keep
/// a subscription held in a neighbouring local alive; a `[weak self]` sink
/// does not keep its owner alive. Capturing the whole scope would keep both,
/// and draw subscriptions that Swift would have cancelled.
enum ClosureCapture {
  /// The scope a closure runs in: the captured variables, then the globals.
  static func scope(
    for closure: SwiftClosure, in enclosing: Scope, globals: Scope, text: String,
    evaluate: (SwiftExpr) throws -> Value, resolve: (String) throws -> Value
  ) throws -> Scope {
    let used = names(in: closure.range.text(in: text))
    let selfStrength = closure.captures.first { $0.name == "self" && $0.value == nil }?.strength
    var selfValue: Value?
    var weakSelf: WeakInstance?
    // A parameter or a capture-list name shadows a property of the same
    // name: `{ [store] value in store.save(value) }` does not use `self`.
    let shadowed = Set(closure.parameters + closure.captures.map(\.name))
    if used.contains("self") || usesImplicitSelf(used.subtracting(shadowed), enclosing),
      let current = enclosing.currentSelf
    {
      switch selfStrength {
      case .weak?, .unowned?:
        if let instance = current.opaque(as: Instance.self) {
          weakSelf = WeakInstance(instance, isUnowned: selfStrength == .unowned)
        } else {
          selfValue = current
        }
      default:
        selfValue = current
      }
    }
    let scope = Scope(parent: globals, selfValue: selfValue, weakSelf: weakSelf)
    for name in used where name != "self" {
      if let variable = enclosing.lookupLocal(name, stoppingAt: globals) { scope.declare(name, variable) }
    }
    // A capture list copies what it names now: `[count]`, `[weak vm]`, `[c = self.count]`.
    // What the body never uses is evaluated and let go at once: swiftc keeps
    // no unused capture (issue 29's cuts: corpus 93 with its `print` deleted
    // runs `Loader`'s deinit before the next statement, not when the task ends).
    let usedInBody: Set<String> =
      closure.captures.isEmpty
      ? []
      : closure.body.first.map { first in
        names(in: SourceRange(start: first.range.start, end: closure.range.end).text(in: text))
      } ?? []
    for capture in closure.captures where capture.name != "self" || capture.value != nil {
      let value = try capture.value.map(evaluate) ?? resolve(capture.name)
      guard usedInBody.contains(capture.name) else { continue }
      if capture.strength != .strong, let instance = value.opaque(as: Instance.self) {
        let reference = WeakInstance(instance, isUnowned: capture.strength == .unowned)
        scope.declare(capture.name, Variable(.opaque(WeakReference(reference)), isConstant: true))
      } else {
        scope.declare(capture.name, Variable(value, isConstant: true))
      }
    }
    return scope
  }

  /// Whether the closure may use `self`'s members without writing `self.`.
  private static func usesImplicitSelf(_ used: Set<String>, _ enclosing: Scope) -> Bool {
    guard let instance = enclosing.currentSelf?.opaque(as: Instance.self) else { return false }
    return used.contains { instance.fields[$0] != nil || instance.type.methods[$0] != nil }
  }

  /// The identifiers written in `text`, member names after `.` left out.
  static func names(in text: String) -> Set<String> {
    var names: Set<String> = []
    var current = ""
    var previous: Character = " "
    var afterDot = false
    for character in text + " " {
      if character.isLetter || character == "_" || (character.isNumber && !current.isEmpty)
        || (character == "$" && current.isEmpty)
      {
        if current.isEmpty { afterDot = previous == "." }
        current.append(character)
      } else {
        if !current.isEmpty, !afterDot { names.insert(current) }
        current = ""
      }
      previous = character
    }
    return names
  }
}

/// A `[weak name]` capture's value: the instance while something else keeps it, then `nil`.
final class WeakReference: OpaqueValue {
  let reference: WeakInstance

  init(_ reference: WeakInstance) {
    self.reference = reference
  }

  override var typeName: String { "weak" }
}
