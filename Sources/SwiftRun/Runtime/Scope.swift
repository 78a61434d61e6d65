import StreamCore

/// The names visible at one point of the program, and the scope around it.
///
/// A closure keeps the scope it was written in, so it reads and writes the
/// very variables it captured, as a Swift closure does.
final class Scope {
  let parent: Scope?
  // A closure's scope holds one or two names and is made for every value a
  // `map` sees: names and slots in arrays, searched from the end, are
  // cheaper there than a dictionary; a scope with many names (the globals)
  // gets an index too.
  private var names: [String] = []
  private var slots: [Variable] = []
  private var index: [String: Int]?
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
      if let found = current.variable(name) { return found }
      scope = current.parent
    }
    return nil
  }

  func declare(_ name: String, _ variable: Variable) {
    if let existing = own(name) {
      slots[existing] = variable
      return
    }
    names.append(name)
    slots.append(variable)
    if index != nil {
      index![name] = slots.count - 1
    } else if names.count > 8 {
      index = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { _, last in last })
    }
  }

  /// Where `name` is among this scope's own names.
  private func own(_ name: String) -> Int? {
    if let index { return index[name] }
    return names.lastIndex(of: name)
  }

  /// This scope's own variables, in the order they were declared.
  var ownVariables: [(name: String, variable: Variable)] {
    Array(zip(names, slots)).map { (name: $0.0, variable: $0.1) }
  }

  /// This scope's own variable called `name`.
  func variable(_ name: String) -> Variable? {
    own(name).map { slots[$0] }
  }

  /// The variable called `name` and the scope that declares it.
  func owner(of name: String) -> (Scope, Variable)? {
    var scope: Scope? = self
    while let current = scope {
      if let found = current.variable(name) { return (current, found) }
      scope = current.parent
    }
    return nil
  }

  func lookup(_ name: String) -> Variable? {
    var scope: Scope? = self
    while let current = scope {
      if let found = current.variable(name) { return found }
      scope = current.parent
    }
    return nil
  }

  /// Every name visible here, for "did you mean".
  var visibleNames: [String] {
    var names: [String] = []
    var scope: Scope? = self
    while let current = scope {
      names += current.names
      scope = current.parent
    }
    return names
  }

  /// Lets go of every variable, breaking the cycles a run's closures and
  /// objects close through their scopes, once the run is over.
  func clear() {
    names = []
    slots = []
    index = nil
  }
}
