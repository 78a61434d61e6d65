import Foundation
import Marbles
import StreamCore
import StreamLang

/// `streamlab-bench layout [repetitions]`: for each long program, the run
/// and each drawing of its result timed apart, in process, so the layout's
/// share is measured, not worked out as the difference of two processes.
/// The event list and JSON are written into an output that only counts
/// their bytes, so their figures are the formatting alone.
/// Each figure is the best of `repetitions`; every drawing draws the same
/// recorded result.
enum LayoutTiming {
  /// A million distinct instants, and the 2.67 million events at few instants.
  static let programs: [(program: String, options: RunOptions)] = [
    (
      "interval 1ms | take 1000000 | map x + 1",
      RunOptions(horizon: .milliseconds(2_000_000), maxEvents: 10_000_000)
    ),
    (DSLPipeline.synchronous, RunOptions(horizon: .milliseconds(1_000_000), maxEvents: 10_000_000)),
  ]

  static func measure(repetitions: Int) {
    print("in process, best of \(repetitions): the run, then each drawing of its result")
    for (program, options) in programs {
      var result: RunResult?
      let run = best(of: repetitions) {
        var interpreter = Interpreter()
        guard case .ran(let ran, _) = interpreter.run(program, options: options) else {
          fatalError("the benchmark program did not run: \(program)")
        }
        result = ran
        return ran.rows.count
      }
      guard let result else { continue }
      let text = best(of: repetitions) { TextDiagram.render(result).count }
      let svg = best(of: repetitions) { SVGDiagram.render(result).count }
      let events = best(of: repetitions) { countingBytes { EventList.write(result, to: $0) } }
      let json = best(of: repetitions) { countingBytes { TimelineJSON.write(result, to: $0) } }
      print("  \(program)")
      print(
        "    run \(milliseconds(run))   text diagram \(milliseconds(text))   svg \(milliseconds(svg))"
          + "   (\(result.rows.map(\.events.count).reduce(0, +)) recorded events)")
      print("    event list \(milliseconds(events))   json \(milliseconds(json))   (written, not printed)")
    }
  }

  /// How many bytes `write` writes into an output that keeps none.
  private static func countingBytes(_ write: (TextOutput) -> Void) -> Int {
    var count = 0
    let output = TextOutput { count += $0.count }
    write(output)
    output.finish()
    return count
  }

  /// The fastest of `repetitions` timings of `work`, in seconds.
  private static func best(of repetitions: Int, _ work: () -> Int) -> Double {
    var best = Double.infinity
    var checksum = 0
    for _ in 0..<max(repetitions, 1) {
      let start = DispatchTime.now().uptimeNanoseconds
      checksum &+= work()
      best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    // Printed nowhere, used so the optimiser keeps the work.
    if checksum == Int.min { print(checksum) }
    return best
  }

  private static func milliseconds(_ seconds: Double) -> String { String(format: "%.0f ms", seconds * 1000) }
}
