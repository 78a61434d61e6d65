/// The full Combine type of a stage's publisher, nested as Swift nests it:
/// `Publishers.Debounce<Publishers.Sequence<[Int], Never>, S>` (a sequence's `map` is a sequence again).
public indirect enum PublisherType: Hashable, Sendable, CustomStringConvertible {
  /// A generic type and its arguments: `Publishers.Map` of the upstream and `Int`.
  case generic(String, [PublisherType])
  /// An element or failure type as an argument.
  case type(SwiftType)
  /// The publisher of the stage before: a stage keeps only its own operator's
  /// type, so that typing a long pipeline stays linear; `expanded` nests them.
  case upstream

  /// The scheduler's type parameter of the exported code (`DispatchQueue` in an app).
  static let scheduler = PublisherType.generic("S", [])

  /// The scheduler type `receive on` / `subscribe on` name: `DispatchQueue`, `RunLoop`, ….
  static func schedulerType(_ scheduler: SchedulerName) -> PublisherType {
    switch scheduler {
    case .main, .background, .dispatchQueueMain, .dispatchQueueGlobal: return .generic("DispatchQueue", [])
    case .runLoopMain: return .generic("RunLoop", [])
    case .operationQueueMain: return .generic("OperationQueue", [])
    case .immediate: return .generic("ImmediateScheduler", [])
    }
  }

  public var spelling: String {
    switch self {
    case .generic(let name, let arguments):
      guard !arguments.isEmpty else { return name }
      return name + "<" + arguments.map(\.spelling).joined(separator: ", ") + ">"
    case .type(let type):
      return type.spelling
    case .upstream:
      return "Upstream"
    }
  }

  /// This type with `.upstream` replaced by `upstream` (not looked into again).
  func replacingUpstream(with upstream: PublisherType) -> PublisherType {
    switch self {
    case .upstream: return upstream
    case .type: return self
    case .generic(let name, let arguments):
      return .generic(name, arguments.map { $0.replacingUpstream(with: upstream) })
    }
  }

  /// The full type of the last of `stages`, each stage's own type nested in
  /// the next, elided with `…` past `shownParts` generic types (see `elided`).
  static func expanded(_ stages: some Sequence<PublisherType>) -> PublisherType {
    var full = PublisherType.upstream
    for stage in stages { full = stage.replacingUpstream(with: full).elided() }
    return full
  }

  /// How many generic types a full type shows before the rest is `…`: enough
  /// for a lesson's pipelines, and it keeps typing a program of thousands of
  /// stages or bindings linear (each stage's type would otherwise nest all before it).
  static let shownParts = 24

  /// This type with the generic types past the first `shownParts` (outermost
  /// first, as read) replaced by `…`.
  func elided() -> PublisherType {
    var budget = Self.shownParts
    return elidedIfLonger(budget: &budget) ?? self
  }

  /// `elided()`, or nil when this type has no more than `budget` generic
  /// types and is shown whole (then it is shared, not copied).
  private func elidedIfLonger(budget: inout Int) -> PublisherType? {
    guard case .generic(let name, let arguments) = self, !arguments.isEmpty else { return nil }
    guard budget > 0 else { return .generic("…", []) }
    budget -= 1
    var shown: [PublisherType]?
    for (index, argument) in arguments.enumerated() {
      guard let elided = argument.elidedIfLonger(budget: &budget) else { continue }
      if shown == nil { shown = arguments }
      shown?[index] = elided
    }
    return shown.map { .generic(name, $0) }
  }

  public var description: String { spelling }

  /// The same type with every type variable replaced by what it stands for.
  ///
  /// The parts that do not change are this type's own, shared rather than
  /// copied: a chain of bindings nests each one's type in the next's, and
  /// copying the whole nest at each step cost about 5 KB a binding, kept
  /// twice (issue 26).
  func resolved(by resolve: (SwiftType) -> SwiftType) -> PublisherType {
    changed(by: resolve) ?? self
  }

  /// `resolved(by:)`, or nil when nothing in this type changes.
  private func changed(by resolve: (SwiftType) -> SwiftType) -> PublisherType? {
    switch self {
    case .generic(let name, let arguments):
      var changedArguments: [PublisherType]?
      for (index, argument) in arguments.enumerated() {
        guard let changed = argument.changed(by: resolve) else { continue }
        if changedArguments == nil { changedArguments = arguments }
        changedArguments?[index] = changed
      }
      return changedArguments.map { .generic(name, $0) }
    case .type(let type):
      let resolved = resolve(type)
      return resolved == type ? nil : .type(resolved)
    case .upstream:
      return nil
    }
  }
}
