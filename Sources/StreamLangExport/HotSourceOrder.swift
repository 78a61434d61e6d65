import StreamLang

/// The hot sources of one program (subjects and eager futures) and the order
/// in which streamlab starts them.
///
/// streamlab builds a binding when a subscription (or `connect`) first uses
/// it, and a bound hot source that a subscription uses only inside a closure
/// or `deferred` right after that subscription's own stages, as it exists
/// from the program's start in Swift; so a subject's sends and a future's
/// promise are scheduled in order of first use; the export declares them up
/// front. Two hot sources acting at
/// the same instant reach their subscribers in the order they were
/// scheduled, so where the export's order would differ, the program is
/// refused rather than exported with its events swapped.
struct HotSourceOrder {
  /// One subject or future, declared once per program.
  struct Source {
    var name: String
    var isFuture: Bool
    /// The program times (nanoseconds) at which it sends or fulfils.
    var times: Set<Int>
    /// A subject's scheduled sends, as a block of lines.
    var sends: [String] = []
  }

  /// A hot source met while translating, and whether streamlab would start it
  /// while setting the program up (not later, inside a closure or `deferred`).
  struct Use: Hashable {
    var id: Int
    var atSetup: Bool
  }

  private(set) var sources: [Source] = []
  private var collectors: [[Use]] = []
  /// Ids in the order streamlab starts them during setup.
  private var started: [Int] = []

  /// Registers a source and records its use where it is written.
  mutating func add(_ source: Source, atSetup: Bool) {
    sources.append(source)
    use([Use(id: sources.count - 1, atSetup: true)], atSetup: atSetup)
  }

  /// Records the uses a bound name brings along, met at setup or not.
  mutating func use(_ uses: [Use], atSetup: Bool) {
    guard !collectors.isEmpty else { return }
    collectors[collectors.count - 1] += uses.map { Use(id: $0.id, atSetup: $0.atSetup && atSetup) }
  }

  /// Starts collecting the uses of one statement or binding.
  mutating func begin() { collectors.append([]) }

  /// The uses collected since the matching `begin`.
  mutating func end() -> [Use] { collectors.popLast() ?? [] }

  /// A subscription or `connect` builds what it uses: those sources start
  /// now, the ones used only inside closures right after the others.
  mutating func start(_ uses: [Use]) {
    for use in uses.filter(\.atSetup) + uses.filter({ !$0.atSetup }) where !started.contains(use.id) {
      started.append(use.id)
    }
  }

  /// Throws where the export would start a hot source at another time, or in
  /// another order at one instant, than streamlab.
  func check() throws {
    // The export fulfils futures where they are declared, before it schedules
    // any subject's sends; the subjects' sends go in streamlab's order.
    func exportRank(_ id: Int) -> (Int, Int) {
      sources[id].isFuture ? (0, id) : (1, started.firstIndex(of: id) ?? 0)
    }
    for (first, a) in started.enumerated() {
      for b in started[(first + 1)...] where !sources[a].times.isDisjoint(with: sources[b].times) {
        if exportRank(b) < exportRank(a) {
          throw ExportLimitation(
            "`\(sources[a].name)` and `\(sources[b].name)` act at the same instant, and the export cannot schedule them in the order streamlab does"
          )
        }
      }
    }
  }

  /// Every subject's sends: the started ones in streamlab's order, then the
  /// rest (which no subscriber hears).
  var sendsInStartOrder: [[String]] {
    let order = started + sources.indices.filter { !started.contains($0) }
    return order.map { sources[$0].sends }.filter { !$0.isEmpty }
  }
}
