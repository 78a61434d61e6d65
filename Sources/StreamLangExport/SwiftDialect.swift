import StreamLang

/// Which Combine the exported code is written for.
///
/// Students get Apple's operators. The copy streamlab's tests compile
/// against OpenCombine 0.14.0 calls StreamCore's operators where
/// OpenCombine's differ from Apple's, so the compiled export behaves as the
/// student's code does on an Apple platform and as streamlab drew it. The
/// translator chooses the name while it writes each call, from the typed
/// program, never by rewriting the finished text.
enum SwiftDialect {
  /// Apple's Combine: what `--format swift` and `:swift` print.
  case apple
  /// OpenCombine with StreamCore's exact operators, for the export tests.
  case streamlabEngine

  /// OpenCombine's `prefix(_:)` finishes only when one more element arrives.
  var prefix: String { self == .apple ? "prefix" : "exactPrefix" }
  /// OpenCombine's `output(at:)` finishes only when one more element arrives.
  var output: String { self == .apple ? "output" : "exactOutput" }
  /// OpenCombine's `zip` can send a completion before its subscription.
  var zip: String { self == .apple ? "zip" : "exactZip" }
  /// OpenCombine's `replaceEmpty(with:)` sends elements beyond the demand.
  var replaceEmpty: String { self == .apple ? "replaceEmpty" : "exactReplaceEmpty" }
  /// OpenCombine's `buffer`, `prefix(untilOutputFrom:)` and
  /// `drop(untilOutputFrom:)` can complete before the subscription, or twice.
  var buffer: String { self == .apple ? "buffer" : "exactBuffer" }
  var prefixUntilOutput: String { self == .apple ? "prefix" : "exactPrefix" }
  var dropUntilOutput: String { self == .apple ? "drop" : "exactDrop" }
}
