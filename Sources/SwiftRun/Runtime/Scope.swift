import StreamCore

/// The names visible at one point of the program, and the scope around it.
///
/// A closure keeps the scope it was written in, so it reads and writes the
/// very variables it captured, as a Swift closure does.
final class Scope {
  let parent: Scope?
  private(set) var variables: [String: Variable] = [:]
  /// `self` inside a method, initializer or accessor.
  let selfValue: Value?
  /// `self` captured `[weak self]` or `[unowned self]` by a closure.
  let weakSelf: WeakInstance?

  init(parent: Scope?, selfValue: Value? = nil, weakSelf: WeakInstance? = nil) {
    self.parent = parent
    self.weakSelf = weakSelf ?? (selfValue == nil ? parent?.weakSelf : nil)
    self.selfValue = selfValue ?? (weakSelf == nil ? parent?.selfValue : nil)
  }

  /// `self` here: a variable named `self` (`guard let self`), then the
  /// method's or closure's own; a weak `self` whose instance is gone is `nil`.
  var currentSelf: Value? {
    if let bound = lookup("self") { return bound.value }
    if let selfValue { return selfValue }
    if let weakSelf { return weakSelf.instance.map { .opaque($0) } ?? .null }
    return nil
  }

  /// A variable declared between here and `outermost` (not in it): what a closure captures.
  func lookupLocal(_ name: String, stoppingAt outermost: Scope) -> Variable? {
    var scope: Scope? = self
    while let current = scope, current !== outermost {
      if let found = current.variables[name] { return found }
      scope = current.parent
    }
    return nil
  }

  func declare(_ name: String, _ variable: Variable) {
    variables[name] = variable
  }

  func lookup(_ name: String) -> Variable? {
    var scope: Scope? = self
    while let current = scope {
      if let found = current.variables[name] { return found }
      scope = current.parent
    }
    return nil
  }

  /// Every name visible here, for "did you mean".
  var visibleNames: [String] {
    var names: [String] = []
    var scope: Scope? = self
    while let current = scope {
      names += current.variables.keys
      scope = current.parent
    }
    return names
  }

  /// Lets go of every variable, breaking the cycles a run's closures and
  /// objects close through their scopes, once the run is over.
  func clear() {
    variables = [:]
  }
}
