/// Which language a person's text is read in.
public enum InputLanguage: Equatable, Sendable {
  /// Swift when it starts the way Combine code does (`Just(`,
  /// `[1, 2].publisher`, `import Combine`, …), otherwise the pipeline
  /// language: what the playground, `eval`, the server and the fuzzer read.
  case detect
  /// streamlab's pipeline language only.
  case pipeline
  /// Swift only (`eval --swift`, `:paste`).
  case swift
  /// Swift, run by the interpreter even where a short form exists
  /// (`eval --interpret`): to see what the paste does as it is written.
  case swiftInterpreted
}
