import StreamLang

/// The static Swift type the exporter inferred for a DSL value.
///
/// The pipeline language is dynamically typed; Swift is not. The exporter
/// gives every element a concrete type from what the program makes clear, and
/// refuses (with a reason) where it cannot.
indirect enum ExportType: Hashable {
  case int
  case double
  case string
  case bool
  /// The output of `ignoreOutput`: no value ever arrives.
  case never
  case array(ExportType)
  case tuple([ExportType])
  case optional(ExportType)
  /// A span of scheduler time (`S.SchedulerTimeType.Stride`).
  case duration
  /// A publisher used as a value (`{ just x | delay 100ms }`).
  case publisher(output: ExportType, failure: FailureType)

  /// The type as written in Swift source.
  var spelling: String {
    switch self {
    case .int: return "Int"
    case .double: return "Double"
    case .string: return "String"
    case .bool: return "Bool"
    case .never: return "Never"
    case .array(let element): return "[\(element.spelling)]"
    case .tuple(let elements): return "(" + elements.map(\.spelling).joined(separator: ", ") + ")"
    case .optional(let wrapped): return "\(wrapped.spelling)?"
    case .duration: return "S.SchedulerTimeType.Stride"
    case .publisher(let output, let failure): return "AnyPublisher<\(output.spelling), \(failure.spelling)>"
    }
  }

  var isNumber: Bool { self == .int || self == .double }

  /// A checked type that is one of the scalars a value-less source can send; nil otherwise.
  init?(scalar type: SwiftType) {
    switch type {
    case .int: self = .int
    case .double: self = .double
    case .string: self = .string
    case .bool: self = .bool
    default: return nil
    }
  }

  /// True when Swift's `==` applies (tuples of up to six Equatables have one too).
  var isEquatable: Bool {
    switch self {
    case .int, .double, .string, .bool, .duration: return true
    case .array(let element), .optional(let element): return element.isEquatable && !element.isTuple
    case .tuple(let elements): return elements.count <= 6 && elements.allSatisfy { $0.isEquatable && !$0.isTuple }
    case .never, .publisher: return false
    }
  }

  /// True for the types `removeDuplicates()` and friends need as `Equatable`
  /// conformance; tuples have `==` but do not conform.
  var conformsToEquatable: Bool { isEquatable && !isTuple }

  var isComparable: Bool { self == .int || self == .double || self == .string }

  var isArray: Bool {
    if case .array = self { return true }
    return false
  }

  var isTuple: Bool {
    if case .tuple = self { return true }
    return false
  }
}

/// The `Failure` type of a publisher in the export.
enum FailureType: Int, Hashable, Comparable {
  /// Cannot fail: `Just`, sequences, timers.
  case never
  /// Fails with the export's `ProgramError`: `fail "boom"`, `#` in marbles.
  case program
  /// Any `Error`: what `tryMap` and the other throwing operators make of it.
  case any

  var spelling: String {
    switch self {
    case .never: return "Never"
    case .program: return "ProgramError"
    case .any: return "Error"
    }
  }

  static func < (lhs: FailureType, rhs: FailureType) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The operator that turns a publisher failing with `self` into one failing
  /// with `target`, or nil when none is needed. Combine needs both sides of
  /// `merge`, `zip`, `flatMap`, … to fail the same way.
  func adapter(to target: FailureType) -> String? {
    switch (self, target) {
    case (.never, .program): return ".setFailureType(to: ProgramError.self)"
    case (.never, .any): return ".setFailureType(to: Error.self)"
    case (.program, .any): return ".mapError { $0 as Error }"
    default: return nil
    }
  }
}
