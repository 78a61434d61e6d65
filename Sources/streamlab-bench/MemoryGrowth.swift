import Foundation
import StreamLang

/// `streamlab-bench memory [runs] [program]`: runs one program many times in
/// one interpreter, as the REPL and `streamlab serve` do, and prints how much
/// the process's resident memory grew per run. A run that leaves anything
/// behind (a pipeline still subscribed, the clock's waiting actions) shows
/// here as steady growth; a run that frees everything stays near 0 KB.
enum MemoryGrowth {
  /// A small program of the kind a classroom sends: a shared timer, a
  /// debounce, a flatMap whose inner streams are still running at the horizon.
  static let defaultProgram = """
    let s = interval 100ms | share
    s | debounce 300ms
    s | flatMap { interval 70ms | map x * 2 }
    s | flatMap { never }
    """

  /// The first runs fill caches and the allocator's pools; they are not counted.
  static let warmUpRuns = 20

  static func measure(runs: Int, program: String) {
    var interpreter = Interpreter()
    let options = RunOptions(horizon: .milliseconds(1_000))
    func runOnce() {
      if case .invalid(let diagnostics) = interpreter.run(program, options: options) {
        fatalError("the program did not run: \(diagnostics.map(\.message))")
      }
    }
    for _ in 0..<warmUpRuns { runOnce() }
    let before = residentKilobytes()
    for _ in 0..<runs { runOnce() }
    let after = residentKilobytes()
    let perRun = Double(after - before) / Double(max(runs, 1))
    print("program: \(program.replacingOccurrences(of: "\n", with: "; "))")
    print("after \(warmUpRuns) warm-up runs: \(before) KB resident")
    print("after \(runs) more runs: \(after) KB resident")
    print(String(format: "growth: %.2f KB per run", perRun))
  }

  /// The resident set size from `/proc/self/statm` (Linux): its second
  /// field, in pages. 0 where there is no such file.
  static func residentKilobytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
  }
}
