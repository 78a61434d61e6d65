/// The programs the `:help` pages run as their diagrams, for tools outside
/// the REPL (the fuzzer's seed corpus starts from them).
public enum HelpExamples {
  public static var programs: [String] { HelpPage.library.map(\.demo) }
}
