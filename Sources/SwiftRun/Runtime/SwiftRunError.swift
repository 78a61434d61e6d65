import StreamCore
import StreamLang

/// Why running the paste stopped before its end.
enum SwiftRunError: Error {
  /// The paste uses what streamlab does not run: refused at its place with
  /// what to write instead. Nothing of the run is shown.
  case refused(Diagnostic)
  /// Swift itself would stop here (`Fatal error`): an overflow, a division
  /// by zero, a `nil` force-unwrapped, an index out of range.
  case trap(String, SourceRange)
  /// A Swift error thrown with `throw` and not caught yet.
  case thrown(Value, SourceRange)
}

/// What a statement did to the flow of its block.
enum Flow {
  case normal
  case returned(Value)
  case broke
  case continued
}
