import StreamCore
import StreamLang
import SwiftRun

/// The benchmark pipeline pasted as Swift and run by the Swift interpreter
/// (`SwiftRun`), as `streamlab eval` runs a paste: read, statements run,
/// the chain built with a probe after every stage, the clock run. Issue 29:
/// within 1.5× of the same pipeline in the pipeline language (the row above it).
enum SwiftPastePipeline {
  static let synchronous =
    "let c = (1...\(SynchronousPipeline.count)).publisher.map { $0 * 2 }.filter { $0 % 3 == 0 }.scan(0, +)"
    + ".sink { _ in }"

  /// Runs the paste and returns the last value its output received.
  static func run(_ swift: String) -> Int {
    let options = RunOptions(horizon: .milliseconds(1_000_000), maxEvents: 100_000_000)
    guard case .ran(let result, _) = SwiftRun.run(swift, options: options), let last = DSLPipeline.lastValue(of: result)
    else {
      fatalError("the benchmark paste did not run: \(swift)")
    }
    return last
  }
}
