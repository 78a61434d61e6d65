import Foundation

/// `streamlab-bench interrupt [tries]`: how soon Ctrl-C gives the prompt
/// back in each phase of an input (issue 26: within 100 ms in every one).
///
/// The built `streamlab` runs at a pseudo-terminal (`PseudoTerminalSession`).
/// For each phase the benchmark types an input whose phase lasts well over
/// a second, waits, writes the interrupt character 0x03, and times from that
/// write until the prompt is shown again. Then it types `:type keep` (`keep`
/// is bound at the start) and waits for its `<Int, Never>`: the session is
/// still alive and still holds its bindings.
///
/// Which phase was stopped is read from what the playground says (`stopped
/// by Ctrl-C while type-checking this program`, `stopped by Ctrl-C at
/// 653989ms`, `drawing stopped by Ctrl-C`), so a figure is never filed under
/// the wrong phase. The wait before 0x03 starts at a guess and moves: a
/// Ctrl-C that landed in an earlier phase waits longer next time, one that
/// came after the phase (or after the input ended) waits less. A try that
/// missed its phase is not counted.
enum InterruptBenchmark {
  /// The figure every phase is held to.
  static let target = 0.100

  /// What the playground's message says about the phase Ctrl-C stopped.
  enum Phase: String, CaseIterable, Comparable {
    case reading, typeChecking = "type-checking", building, running, drawing

    /// The words of its message, looked for in what is shown.
    var words: String {
      switch self {
      case .reading: return "while reading this program"
      case .typeChecking: return "while type-checking this program"
      case .building: return "while building this program"
      case .running: return "stopped by Ctrl-C at "
      case .drawing: return "drawing stopped by Ctrl-C"
      }
    }

    static func < (a: Phase, b: Phase) -> Bool {
      allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// The phase a shown text names, nil when it names none.
    static func named(in text: String) -> Phase? { allCases.first { text.contains($0.words) } }
  }

  /// One row: the inputs typed once, the input each try types, and the
  /// phase its Ctrl-C is meant to land in.
  struct Scenario {
    var name: String
    var phase: Phase
    var setup: [String]
    var input: String
    /// The first wait before 0x03, in seconds.
    var firstDelay: Double
    /// Whether the input ends on its own in reasonable time, so that it is
    /// timed once uninterrupted (the run does not: it goes on to the horizon).
    var isTimedWhole = true
  }

  struct Outcome {
    var scenario: Scenario
    var seconds: [Double] = []
    var delays: [Double] = []
    var missed = 0
    var sessionDied = false
  }

  /// Runs the scenarios whose name contains `filter` (all when nil).
  static func measure(tries: Int, binary: String, filter: String?) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "streamlab-bench-interrupt-\(getpid())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let program = directory.appendingPathComponent("long-program.txt").path
    try? Data(longProgram.utf8).write(to: URL(fileURLWithPath: program))

    let scenarios = [
      Scenario(name: "reading (:load)", phase: .reading, setup: [], input: ":load \(program)", firstDelay: 0.05),
      Scenario(
        name: "type-checking (:load)", phase: .typeChecking, setup: [], input: ":load \(program)", firstDelay: 0.5),
      Scenario(name: "building (:load)", phase: .building, setup: [], input: ":load \(program)", firstDelay: 1.5),
      Scenario(
        name: "run (interval 1ms | map x + 1)", phase: .running, setup: [":horizon 100000s"],
        input: "interval 1ms | map x + 1", firstDelay: 1.0, isTimedWhole: false),
      // 3 million events: their JSON (120 MB) takes over a second to make
      // under load, and a Ctrl-C that came after it was made would wait for
      // all of it to be written to the terminal (then the wait is shortened).
      Scenario(
        name: "drawing (:json of 3M events)", phase: .drawing,
        setup: [":horizon 1500s", "interval 1ms | map x + 1"], input: ":json", firstDelay: 0.1, isTimedWhole: false),
    ]

    print("streamlab-bench interrupt: \(binary) at a pseudo-terminal, \(tries) counted tries per phase")
    print(
      "time from writing 0x03 (Ctrl-C) until the prompt is shown again; each try then checks a binding still answers")
    print(String(format: "machine load average when starting: %@", loadAverage()))
    var outcomes: [Outcome] = []
    for scenario in scenarios where filter.map({ scenario.name.contains($0) }) ?? true {
      print("\(scenario.name): \(scenario.input)")
      outcomes.append(measure(scenario, tries: tries, binary: binary, home: directory.path))
    }
    print(table(outcomes))
  }

  private static func measure(_ scenario: Scenario, tries: Int, binary: String, home: String) -> Outcome {
    var outcome = Outcome(scenario: scenario)
    let environment = [
      "TERM=xterm-256color", "LC_ALL=C.UTF-8", "HOME=\(home)", "XDG_STATE_HOME=\(home)/state",
      "PATH=/usr/bin:/bin",
    ]
    guard
      let session = PseudoTerminalSession(
        binary: binary, arguments: ["--max-events", "100000000"], environment: environment)
    else {
      outcome.sessionDied = true
      return outcome
    }
    let prompt = PseudoTerminalSession.prompt
    guard session.read(until: prompt, within: 20) else {
      outcome.sessionDied = true
      return outcome
    }
    for line in ["let keep = just 42"] + scenario.setup {
      session.clearShown()
      session.type(line + "\r")
      guard session.read(until: prompt, within: 600) else {
        outcome.sessionDied = true
        return outcome
      }
    }
    // One input left to finish, to show how long the phases take together.
    if scenario.isTimedWhole {
      timeWhole(scenario, in: session)
    }
    var delay = scenario.firstDelay
    var attempts = 0
    while outcome.seconds.count < tries, attempts < tries * 3 {
      attempts += 1
      session.drain()
      session.clearShown()
      session.type(scenario.input + "\r")
      // The typed line's echo ends at the Return; what follows is the answer.
      guard session.read(until: [UInt8(ascii: "\n")], within: 5) else {
        outcome.sessionDied = true
        break
      }
      let echoed = session.shown.count
      usleep(UInt32(delay * 1_000_000))
      session.drain(quietSeconds: 0)
      let finishedFirst = PseudoTerminalSession.find(prompt, in: session.shown, from: echoed) != nil
      let start = PseudoTerminalSession.now()
      session.write([0x03])
      let promptBack = session.read(until: prompt, within: 30, after: echoed)
      let seconds = PseudoTerminalSession.now() - start
      guard promptBack else {
        outcome.sessionDied = true
        break
      }
      let said = String(decoding: session.shown[echoed...], as: UTF8.self)
      let phase = finishedFirst ? nil : Phase.named(in: said)
      // The session is still alive and keeps its bindings.
      session.drain()
      session.clearShown()
      // `:type` runs nothing, so the last run (which `:json` shows) stays.
      session.type(":type keep\r")
      guard session.read(until: Array("<Int, Never>".utf8), within: 30), session.read(until: prompt, within: 30)
      else {
        outcome.sessionDied = true
        break
      }
      print(
        "  0x03 after \(TextColumns.milliseconds(delay)): prompt back in \(TextColumns.milliseconds(seconds)), "
          + (finishedFirst
            ? "the input had ended" : phase.map { "stopped \($0.rawValue)" } ?? "no phase named: \(said.prefix(120))"))
      if phase == scenario.phase {
        outcome.seconds.append(seconds)
        outcome.delays.append(delay)
      } else {
        outcome.missed += 1
        if let phase, phase < scenario.phase { delay *= 1.5 } else { delay *= 0.6 }
      }
    }
    if !outcome.sessionDied, !session.quit() { outcome.sessionDied = true }
    return outcome
  }

  private static func timeWhole(_ scenario: Scenario, in session: PseudoTerminalSession) {
    session.drain()
    session.clearShown()
    let started = PseudoTerminalSession.now()
    session.type(scenario.input + "\r")
    if session.read(until: [UInt8(ascii: "\n")], within: 5) {
      let echoed = session.shown.count
      if session.read(until: PseudoTerminalSession.prompt, within: 600, after: echoed) {
        print("  uninterrupted: \(TextColumns.milliseconds(PseudoTerminalSession.now() - started)) to the prompt")
      }
    }
  }

  private static func table(_ outcomes: [Outcome]) -> String {
    var lines = [
      "",
      TextColumns.pad("phase", 34) + TextColumns.pad("tries", 6, right: true)
        + TextColumns.pad("median", 10, right: true) + TextColumns.pad("slowest", 10, right: true)
        + TextColumns.pad("÷ 100 ms", 10, right: true) + TextColumns.pad("0x03 after", 12, right: true)
        + "  missed",
    ]
    for outcome in outcomes {
      let sorted = outcome.seconds.sorted()
      var line = TextColumns.pad(outcome.scenario.name, 34) + TextColumns.pad(String(sorted.count), 6, right: true)
      if sorted.isEmpty {
        line += "  no try landed in the phase"
      } else {
        let median = sorted[sorted.count / 2]
        let delays = outcome.delays.sorted()
        line +=
          TextColumns.pad(TextColumns.milliseconds(median), 10, right: true)
          + TextColumns.pad(TextColumns.milliseconds(sorted[sorted.count - 1]), 10, right: true)
          + TextColumns.pad(String(format: "%.2f", median / target), 10, right: true)
          + TextColumns.pad(TextColumns.milliseconds(delays[delays.count / 2]), 12, right: true)
          + "  \(outcome.missed)"
      }
      if outcome.sessionDied { line += "  (the session did not answer: see above)" }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }

  /// 9,999 chained bindings (the most one program holds beside its use),
  /// each with a longer expression than the bindings benchmark's, so that
  /// reading, type-checking and building each take long enough to be hit.
  static let longProgram: String = {
    let step = (0..<20).map { _ in "x + 1" }.joined(separator: " - ")
    var lines = ["let a0 = just 1"]
    for index in 1..<9_999 { lines.append("let a\(index) = a\(index - 1) | map \(step)") }
    return lines.joined(separator: "\n") + "\n"
  }()

  private static func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3)
      .joined(separator: " ") ?? "unknown"
  }
}
