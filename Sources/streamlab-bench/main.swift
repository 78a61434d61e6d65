// streamlab-bench: times the same pipelines through StreamCore (as the
// language wires them: Value elements, type-erased stages, a recording probe
// after every stage) and written by hand against OpenCombine with Ints.
//
//     swift run -c release streamlab-bench [repetitions] [row-name-filter]
//
// The third row of a group is the same pipeline typed in the DSL and run by
// the Interpreter (parse, compile, build, run). The first row is the baseline.
//
//     swift run streamlab-bench memory [runs] [program]
//
// measures memory instead: the resident growth per run of one program run
// many times in one interpreter (see MemoryGrowth).

import Foundation

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
    ]),
  BenchmarkGroup(
    title: "synchronous, fed from an array: \(pipeline)",
    rows: [
      Benchmark(name: "hand-written, Int", events: synchronous) { SynchronousPipeline.handWritten(.array) },
      Benchmark(name: "StreamCore, Value", events: synchronous) { SynchronousPipeline.streamCore(.array) },
    ]),
  BenchmarkGroup(
    title: "virtual time: interval 1ms | prefix \(ticks) | map x*2 | debounce 0.5ms",
    rows: [
      Benchmark(name: "hand-written, Int", events: ticks) { VirtualTimePipeline.handWritten() },
      Benchmark(name: "StreamCore, Value", events: ticks) { VirtualTimePipeline.streamCore() },
      Benchmark(name: "DSL via Interpreter", events: ticks) { DSLPipeline.run(DSLPipeline.virtualTime) },
    ]),
]

print("streamlab-bench: \(repetitions) repetitions per row, rows taking turns; ratios compare best runs")
print("StreamCore rows record every stage (4 probes) into a Recorder, as a shown pipeline does.")
for group in groups {
  let rows = group.rows.filter { row in rowFilter.map { row.name.contains($0) } ?? true }
  guard !rows.isEmpty else { continue }
  let measurements = BenchmarkGroup(title: group.title, rows: rows).measure(repetitions: repetitions)
  print()
  print(BenchmarkTable(title: group.title, measurements: measurements).text)
}
