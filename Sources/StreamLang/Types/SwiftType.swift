/// A type as Swift would infer it for a value, an element or a failure of a
/// streamlab program: `Int`, `[String]`, `(Int, String)`, `Never`, `Error`.
///
/// The type checker gives every stage an `Output` and a `Failure` of this
/// type; `variable` stands for a type not yet known (the `Output` of `empty`
/// before a later stage tells it), `placeholder` for one the checker cannot
/// tell and leaves to the run.
public indirect enum SwiftType: Hashable, Sendable, CustomStringConvertible {
  case int
  case double
  case string
  /// One extended grapheme cluster: what `"ab".first` holds (as `Character?`).
  case character
  case bool
  /// No value of it exists: the `Failure` of `Just`, the `Output` of `ignoreOutput`.
  case never
  /// Any `Error`: what `tryMap` and the other throwing operators fail with.
  case error
  case array(SwiftType)
  case tuple([SwiftType])
  case optional(SwiftType)
  /// A span of scheduler time (`S.SchedulerTimeType.Stride`): `300ms`, `measureInterval`'s values.
  case duration
  /// A publisher used as a value (`{ just x | delay 100ms }`).
  case publisher(output: SwiftType, failure: SwiftType)
  /// A type the checker will learn from a later use, by its number.
  case variable(Int)
  /// A type the checker cannot tell (Swift's placeholder `_`); the run checks it.
  case placeholder
  /// A type a pasted Swift program declares (`User`, `LoadState`, `APIError`)
  /// or names from Foundation (`Date`): the pipeline language has none, the
  /// Swift front end's typer (`SwiftRun`'s `StageTyper`) gives them.
  case named(String)
  /// One element of a tuple with its label: `name: String` in `(name: String, age: Int)`.
  case labelled(String, SwiftType)
  /// A publisher used as a value, by its own type as Swift names it
  /// (`PassthroughSubject<Int, Never>`, `Just<Int>`), or `_` where the
  /// typer knows only its Output and Failure (an operator chain in a closure).
  case namedPublisher(String, output: SwiftType, failure: SwiftType)

  /// The type as written in Swift source.
  public var spelling: String {
    switch self {
    case .int: return "Int"
    case .double: return "Double"
    case .string: return "String"
    case .character: return "Character"
    case .bool: return "Bool"
    case .never, .variable: return "Never"
    case .error: return "Error"
    case .array(let element): return "[\(element.spelling)]"
    case .tuple(let elements): return "(" + elements.map(\.spelling).joined(separator: ", ") + ")"
    case .named(let name), .namedPublisher(let name, _, _): return name
    case .labelled(let label, let element): return "\(label): \(element.spelling)"
    case .optional(let wrapped): return "\(wrapped.spelling)?"
    case .duration: return "S.SchedulerTimeType.Stride"
    case .publisher(let output, let failure): return "AnyPublisher<\(output.spelling), \(failure.spelling)>"
    case .placeholder: return "_"
    }
  }

  public var description: String { spelling }

  var isNumber: Bool { self == .int || self == .double }

  /// True when Swift's `==` applies (tuples of up to six Equatables have one too).
  var hasEquality: Bool {
    switch self {
    case .int, .double, .string, .character, .bool, .duration, .placeholder, .variable: return true
    case .array(let element), .optional(let element): return element.conformsToEquatable
    case .labelled(_, let element): return element.hasEquality
    case .named: return true
    case .namedPublisher: return false
    case .tuple(let elements): return elements.count <= 6 && elements.allSatisfy(\.conformsToEquatable)
    case .never, .error, .publisher: return false
    }
  }

  /// True for the types `removeDuplicates()`, `contains(_:)` and friends accept
  /// as `Equatable`: tuples have `==` but do not conform.
  var conformsToEquatable: Bool { hasEquality && !isTuple }

  /// True for `Comparable` types: `min()`, `max()`, `<`. `Bool` is not one.
  var conformsToComparable: Bool {
    switch self {
    case .int, .double, .string, .character, .duration, .placeholder, .variable: return true
    default: return false
    }
  }

  var isTuple: Bool {
    if case .tuple = self { return true }
    return false
  }

  /// True when the type holds no `variable` and no `placeholder`.
  var isKnown: Bool {
    switch self {
    case .variable, .placeholder: return false
    case .array(let element), .optional(let element), .labelled(_, let element): return element.isKnown
    case .tuple(let elements): return elements.allSatisfy(\.isKnown)
    case .publisher(let output, let failure), .namedPublisher(_, let output, let failure):
      return output.isKnown && failure.isKnown
    default: return true
    }
  }
}
