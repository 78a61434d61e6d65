import StreamCore
import StreamLang

/// The benchmark pipelines typed in the pipeline language and run by the
/// `Interpreter`, exactly as `streamlab eval` runs them: parsed, expressions
/// compiled once, built with a probe after every stage, run on a fresh clock.
enum DSLPipeline {
  static let synchronous = "range 1...\(SynchronousPipeline.count) | map x*2 | filter x % 3 == 0 | scan 0, acc + x"
  static let virtualTime = "interval 1ms | take \(VirtualTimePipeline.count) | map x*2 | debounce 500us"

  /// Runs `program` with limits wide enough for the whole benchmark and
  /// returns the last value its output received.
  /// With `tracksCauses`, the run records which event made which (issue
  /// 33); with `buildsGraph` too, the causes are then put together as
  /// `--causes --format json` and `:why` do.
  static func run(_ program: String, tracksCauses: Bool = false, buildsGraph: Bool = false) -> Int {
    var interpreter = Interpreter()
    var options = RunOptions(horizon: .milliseconds(1_000_000), maxEvents: 100_000_000)
    options.tracksCauses = tracksCauses
    guard case .ran(let result, _) = interpreter.run(program, options: options), let last = lastValue(of: result)
    else {
      fatalError("the benchmark program did not run: \(program)")
    }
    if buildsGraph {
      guard let graph = CauseGraph(rows: result.rows) else { fatalError("the run kept no causes") }
      withExtendedLifetime(graph) {}
    }
    return last
  }

  /// The last Int the run's output row received: the row's checksum.
  static func lastValue(of result: RunResult) -> Int? {
    guard let output = result.outputs.last,
      case .value(.int(let last))? = output.events.last(where: { if case .value = $0.kind { true } else { false } })?
        .kind
    else { return nil }
    return last
  }
}
