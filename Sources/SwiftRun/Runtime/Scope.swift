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

  init(parent: Scope?, selfValue: Value? = nil) {
    self.parent = parent
    self.selfValue = selfValue ?? parent?.selfValue
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
