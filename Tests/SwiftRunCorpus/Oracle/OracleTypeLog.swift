import OpenCombine

/// What swiftc infers for each stage of each subscribed chain: the
/// generator puts `OracleTypeLog.shared.record("P S", types(chain))` before
/// the statement that subscribes (`TypeProbes/`), one for each prefix of the
/// chain, and the truth test writes the records to `Types/`.
final class OracleTypeLog {
  nonisolated(unsafe) static var shared = OracleTypeLog()

  private(set) var records: [(key: String, types: String)] = []

  /// The first record of each key: a probe inside a loop or a closure runs again.
  func record(_ key: String, _ types: String) {
    guard !records.contains(where: { $0.key == key }) else { return }
    records.append((key, types))
  }

  /// `0 1 <Int, Never>` lines, by pipeline then stage.
  func lines() -> [String] {
    records.sorted { a, b in
      let x = a.key.split(separator: " ").compactMap { Int($0) }
      let y = b.key.split(separator: " ").compactMap { Int($0) }
      return x.lexicographicallyPrecedes(y)
    }.map { "\($0.key) \($0.types)" }
  }
}

/// `<Output, Failure>` of a publisher as swiftc infers it. The chain is an
/// autoclosure that is never called: asking makes no publisher and runs no
/// closure (a `Future`'s included), so the snippet's prints stay its own.
func types<P: Publisher>(_ publisher: @autoclosure () -> P) -> String {
  "<\(P.Output.self), \(P.Failure.self)>"
}
