import StreamLang

/// Why a program cannot be exported as typed Swift that behaves like the DSL run.
///
/// The exporter prints this reason as a comment instead of printing code that
/// would not compile or would behave differently.
struct ExportLimitation: Error, Hashable {
  var reason: String

  init(_ reason: String) {
    self.reason = reason
  }
}
