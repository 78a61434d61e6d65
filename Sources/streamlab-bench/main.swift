// streamlab-bench: times the same pipelines through StreamCore (as the
// language wires them: Value elements, type-erased stages, a recording probe
// after every stage) and written by hand against OpenCombine with Ints,
// then runs the built `streamlab` binary on them as a whole process.
//
//     swift build -c release --product streamlab
//     swift run -c release streamlab-bench [repetitions] [row-name-filter]
//
// The third row of a group is the same pipeline typed in the DSL and run by
// the Interpreter (parse, compile, build, run); the fourth, in the first
// group, the same pipeline pasted as Swift and run by the Swift interpreter
// (SwiftRun: read, statements run, built, run). The first row is the
// baseline. Every row of a group computes the same thing, so their checksums
// (the last value out) must agree. The whole-process rows look for
// `streamlab` next to this benchmark (or at $STREAMLAB_BINARY); with
// $STREAMLAB_BASELINE_BINARY (say, main's release build) each runs on that
// binary too, in turn, and the table gives the baseline's figures and the
// ratio of the best times.
//
//     swift run -c release streamlab-bench layout [repetitions]
//
// times the run and the text and SVG drawing of long runs apart (LayoutTiming).
//
//     swift run -c release streamlab-bench bindings [repetitions]
//
// runs the playground on thousands of `let` bindings, 1,000 to 16,000, and
// gives the time and peak memory of each size and the ratio per doubling
// (BindingsBenchmark).
//
//     swift run -c release streamlab-bench interrupt [tries] [phase-filter]
//
// drives the playground at a pseudo-terminal and times Ctrl-C in each phase
// of an input, from the 0x03 written to the prompt shown again
// (InterruptBenchmark).
//
//     swift run -c release streamlab-bench grading [repetitions] [sizes…]
//
// grades a class of 1,000 and 10,000 generated students' files of lesson 4
// as a whole process, on every core and on one (GradingBenchmark).
//
//     swift run streamlab-bench memory [runs] [program]
//
// measures memory instead: the resident growth per run of one program run
// many times in one interpreter (see MemoryGrowth).

import Foundation

/// The `streamlab` the whole-process rows run: $STREAMLAB_BINARY, or the one
/// built next to this benchmark.
func streamlabBinary() -> String {
  ProcessInfo.processInfo.environment["STREAMLAB_BINARY"]
    ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("streamlab")
    .path
}

if CommandLine.arguments.dropFirst().first == "layout" {
  LayoutTiming.measure(repetitions: CommandLine.arguments.dropFirst(2).first.flatMap(Int.init) ?? 3)
  exit(0)
}

if CommandLine.arguments.dropFirst().first == "bindings" {
  let binary = streamlabBinary()
  BindingsBenchmark.measure(
    repetitions: CommandLine.arguments.dropFirst(2).first.flatMap(Int.init) ?? 3, binary: binary,
    baseline: ProcessInfo.processInfo.environment["STREAMLAB_BASELINE_BINARY"])
  exit(0)
}

if CommandLine.arguments.dropFirst().first == "interrupt" {
  let binary = streamlabBinary()
  InterruptBenchmark.measure(
    tries: CommandLine.arguments.dropFirst(2).first.flatMap(Int.init) ?? 5, binary: binary,
    filter: CommandLine.arguments.dropFirst(3).first)
  exit(0)
}

if CommandLine.arguments.dropFirst().first == "grading" {
  let rest = CommandLine.arguments.dropFirst(2).compactMap { Int($0) }
  GradingBenchmark.measure(
    repetitions: rest.first ?? 3, sizes: rest.count > 1 ? Array(rest.dropFirst()) : GradingBenchmark.defaultSizes,
    binary: streamlabBinary())
  exit(0)
}

if CommandLine.arguments.dropFirst().first == "memory" {
  let rest = CommandLine.arguments.dropFirst(2)
  MemoryGrowth.measure(
    runs: rest.first.flatMap(Int.init) ?? 1_000, program: rest.dropFirst().first ?? MemoryGrowth.defaultProgram)
  exit(0)
}

let arguments = CommandLine.arguments.dropFirst()
let repetitions = arguments.first.flatMap(Int.init) ?? 7
/// Only rows whose name contains this text run (to profile one row).
let rowFilter = arguments.dropFirst().first

let synchronous = SynchronousPipeline.count
let ticks = VirtualTimePipeline.count
let pipeline = "range 1...\(synchronous) | map x*2 | filter x%3==0 | scan 0, acc+x"
let groups = [
  BenchmarkGroup(
    title: "synchronous, fed from the range: \(pipeline)",
    rows: [
      Benchmark(name: "hand-written, Int", events: synchronous) { SynchronousPipeline.handWritten(.range) },
      Benchmark(name: "StreamCore, Value", events: synchronous) { SynchronousPipeline.streamCore(.range) },
      Benchmark(name: "DSL via Interpreter", events: synchronous) { DSLPipeline.run(DSLPipeline.synchronous) },
      Benchmark(name: "Swift paste via SwiftRun", events: synchronous) {
        SwiftPastePipeline.run(SwiftPastePipeline.synchronous)
      },
    ]),
  BenchmarkGroup(
    title: "synchronous, fed from an array: \(pipeline)",
    rows: [
      Benchmark(name: "hand-written, Int", events: synchronous) { SynchronousPipeline.handWritten(.array) },
      Benchmark(name: "StreamCore, Value", events: synchronous) { SynchronousPipeline.streamCore(.array) },
    ]),
  BenchmarkGroup(
    title: "virtual time: interval 1ms | prefix \(ticks) | map x*2 | debounce 0.5ms (Apple's prefix: exactPrefix)",
    rows: [
      Benchmark(name: "hand-written, Int", events: ticks) { VirtualTimePipeline.handWritten() },
      Benchmark(name: "StreamCore, Value", events: ticks) { VirtualTimePipeline.streamCore() },
      Benchmark(name: "DSL via Interpreter", events: ticks) { DSLPipeline.run(DSLPipeline.virtualTime) },
    ]),
  // Issue 33: what recording causes costs, against the same run without it.
  BenchmarkGroup(
    title: "causes (--causes), synchronous: \(DSLPipeline.synchronous)",
    rows: [
      Benchmark(name: "DSL via Interpreter", events: synchronous) { DSLPipeline.run(DSLPipeline.synchronous) },
      Benchmark(name: "DSL, causes recorded", events: synchronous) {
        DSLPipeline.run(DSLPipeline.synchronous, tracksCauses: true)
      },
      Benchmark(name: "DSL, causes and their graph", events: synchronous) {
        DSLPipeline.run(DSLPipeline.synchronous, tracksCauses: true, buildsGraph: true)
      },
    ]),
  BenchmarkGroup(
    title: "causes (--causes), virtual time: \(DSLPipeline.virtualTime)",
    rows: [
      Benchmark(name: "DSL via Interpreter", events: ticks) { DSLPipeline.run(DSLPipeline.virtualTime) },
      Benchmark(name: "DSL, causes recorded", events: ticks) {
        DSLPipeline.run(DSLPipeline.virtualTime, tracksCauses: true)
      },
      Benchmark(name: "DSL, causes and their graph", events: ticks) {
        DSLPipeline.run(DSLPipeline.virtualTime, tracksCauses: true, buildsGraph: true)
      },
    ]),
]

print("streamlab-bench: \(repetitions) repetitions per row, rows taking turns; ratios compare best runs")
print("StreamCore rows record every stage (4 probes) into a Recorder, as a shown pipeline does.")

// Whole-process rows come first: Linux reports as a child's peak memory at
// least this process's own peak when it spawned it (the child starts in
// this process's address space), so they run while this one is still small.
// The pipeline below with a budget that records all its
// 2.67 million events, in each output format, and the shortest program.
let binary = streamlabBinary()
let baseline = ProcessInfo.processInfo.environment["STREAMLAB_BASELINE_BINARY"]
let wholeRun = ["eval", DSLPipeline.synchronous, "--max-events", "10000000"]
let processRows = [
  ProcessBenchmark(name: "eval 'just 1' (start-up)", arguments: ["eval", "just 1"]),
  ProcessBenchmark(name: "text diagram", arguments: wholeRun),
  ProcessBenchmark(name: "--format json", arguments: wholeRun + ["--format", "json"]),
  ProcessBenchmark(name: "--format events", arguments: wholeRun + ["--format", "events"]),
  ProcessBenchmark(
    name: "interval 1ms | map x+1, 1000s, events",
    arguments: [
      "eval", "interval 1ms | map x + 1", "--horizon", "1000s", "--max-events", "10000000", "--format", "events",
    ]
  ),
].filter { row in rowFilter.map { row.name.contains($0) } ?? true }
if !processRows.isEmpty {
  let title = "whole process: \(binary) eval '\(DSLPipeline.synchronous)' --max-events 10000000"
  print()
  if let measurements = ProcessBenchmarkGroup(title: title, binary: binary, baseline: baseline, rows: processRows)
    .measure(
      repetitions: repetitions)
  {
    print(ProcessBenchmarkGroup.table(title: title, measurements: measurements))
  } else {
    print(
      "\(title)\n  could not start \(binary) or \(baseline ?? "a baseline"): "
        + "build it first (swift build -c release --product streamlab)")
  }
}

// Start-up against the floor of any process (StartupBenchmark); 100 runs
// unless STREAMLAB_STARTUP_RUNS says otherwise.
if rowFilter.map({ "start-up".contains($0) }) ?? true {
  let environment = ProcessInfo.processInfo.environment
  let runs = environment["STREAMLAB_STARTUP_RUNS"].flatMap { Int($0) } ?? 100
  print()
  print(StartupBenchmark.table(rows: StartupBenchmark.rows(binary: binary, environment: environment), runs: runs))
}

for group in groups {
  let rows = group.rows.filter { row in rowFilter.map { row.name.contains($0) } ?? true }
  guard !rows.isEmpty else { continue }
  let measurements = BenchmarkGroup(title: group.title, rows: rows).measure(repetitions: repetitions)
  print()
  print(BenchmarkTable(title: group.title, measurements: measurements).text)
}
