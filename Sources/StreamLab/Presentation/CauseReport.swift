import StreamCore

/// `:why` (issue 33): one event of a run and the chain of events it was made
/// from, as lines and as the run cut down to those marbles.
public struct CauseReport {
  /// Which event `:why` asks about: the `number`th marble (from 1) of a row
  /// named by its label, or of the first output row when `row` is nil.
  public struct Question: Hashable {
    public var row: String?
    public var number: Int

    public init(row: String?, number: Int) {
      self.row = row
      self.number = number
    }
  }

  /// The event asked about and its chain, nearest cause first, each as
  /// `debounce 300ms  "iph" at 750ms`.
  public var lines: [String]
  /// The run with only the event and its chain on the rows that hold them.
  public var highlighted: RunResult
  /// The ids of the input values that came before the event and made
  /// nothing on its row: what `debounce` replaced, `filter` let pass by.
  public var passedOver: [Int]

  /// The report, or why there is none (no such row or event).
  public static func make(_ question: Question, in result: RunResult) -> Result<CauseReport, CauseQuestionError> {
    guard let graph = CauseGraph(rows: result.rows) else { return .failure(.notTracked) }
    let rowIndex: Int
    if let label = question.row {
      let matches = result.rows.indices.filter { result.rows[$0].label == label }
      let prefixed = result.rows.indices.filter { result.rows[$0].label.hasPrefix(label) }
      guard let found = matches.first ?? (prefixed.count == 1 ? prefixed.first : nil) else {
        return .failure(.noRow(label, labels: result.rows.map(\.label)))
      }
      rowIndex = found
    } else {
      guard let output = result.rows.firstIndex(where: \.isOutput) else { return .failure(.noOutput) }
      rowIndex = output
    }
    let row = result.rows[rowIndex]
    let marbles = row.events.indices.filter { row.events[$0].isMarble && row.events[$0].kind != .subscribed }
    guard question.number >= 1, question.number <= marbles.count, let ids = row.causes?.eventIDs else {
      return .failure(.noEvent(question.number, row: row.label, count: marbles.count))
    }
    return .success(make(asked: ids[marbles[question.number - 1]], on: rowIndex, in: result, graph: graph))
  }

  /// The report on the event with cause id `id` (the browser's click names
  /// a mark by it), or why there is none.
  public static func make(id: Int, in result: RunResult) -> Result<CauseReport, CauseQuestionError> {
    guard let graph = CauseGraph(rows: result.rows) else { return .failure(.notTracked) }
    guard let place = graph.place(of: id) else { return .failure(.noID(id)) }
    return .success(make(asked: id, on: place.row, in: result, graph: graph))
  }

  private static func make(asked: Int, on rowIndex: Int, in result: RunResult, graph: CauseGraph) -> CauseReport {
    let chain = graph.chain(of: asked)
    var passedOver: [Int] = []
    var lines = ["why " + describe(asked, in: result, graph: graph) + ":"]
    if chain.isEmpty {
      lines.append("  nothing recorded made it: a source sent it at its time")
    } else {
      lines += graph.causes(of: asked).map { "  made from " + describe($0, in: result, graph: graph) }
      passedOver = Self.passedOver(before: asked, on: rowIndex, in: result, graph: graph)
      if !passedOver.isEmpty {
        lines.append(
          "  and not from what came before it and made nothing here: "
            + named(passedOver, in: result, graph: graph).joined(separator: ", "))
      }
      let further = chain.filter { !graph.causes(of: asked).contains($0) }
      lines += named(further, in: result, graph: graph).map { "    which came from " + $0 }
    }
    return CauseReport(
      lines: lines, highlighted: only([asked] + chain, of: result, graph: graph), passedOver: passedOver)
  }

  /// The input values between the cause of the row's previous value and the
  /// cause of this one that made no event on the row: what `debounce`
  /// replaced, `filter` let pass by, `throttle` left out of its window.
  static func passedOver(before id: Int, on rowIndex: Int, in result: RunResult, graph: CauseGraph) -> [Int] {
    let row = result.rows[rowIndex]
    guard let ids = row.causes?.eventIDs, let place = graph.place(of: id),
      let cause = graph.causes(of: id).first, let causePlace = graph.place(of: cause)
    else { return [] }
    let input = result.rows[causePlace.row]
    guard causePlace.row != rowIndex, let inputIDs = input.causes?.eventIDs else { return [] }
    // Every cause of this row's events, and the cause of the value before this one.
    var used: Set<Int> = []
    var previousCause = -1
    for index in ids.indices {
      let causes = graph.causes(of: ids[index])
      used.formUnion(causes)
      if index < place.index, case .value = row.events.kind(at: index), let first = causes.first {
        previousCause = first
      }
    }
    return inputIDs.indices.compactMap { index in
      let candidate = inputIDs[index]
      guard candidate > previousCause, candidate < cause, !used.contains(candidate),
        case .value = input.events.kind(at: index)
      else { return nil }
      return candidate
    }
  }

  /// How many events of a chain, or values passed over, are named one by
  /// one: a `scan` over 100,000 values has a chain of 200,000, which nobody
  /// reads (and which made `:why` 11 MB); the rest are counted.
  static let namedAtMost = 30

  /// The first `namedAtMost` of `ids` described, then how many more there are.
  static func named(_ ids: [Int], in result: RunResult, graph: CauseGraph) -> [String] {
    let shown = ids.prefix(namedAtMost).map { describe($0, in: result, graph: graph) }
    guard ids.count > namedAtMost, let last = ids.last else { return shown }
    return shown + ["\(ids.count - namedAtMost) more, back to " + describe(last, in: result, graph: graph)]
  }

  /// `` `debounce 300ms` "iph" at 750ms ``.
  static func describe(_ id: Int, in result: RunResult, graph: CauseGraph) -> String {
    guard let place = graph.place(of: id) else { return "an event not kept" }
    let row = result.rows[place.row]
    let event = row.events[place.index]
    let what: String
    switch event.kind {
    case .value(let value): what = value.description
    case .subscribed: what = "its subscription"
    case .finished: what = "its completion"
    case .failed(let message): what = "its failure \(TextEscaping.swiftStringLiteral(message))"
    case .cancelled: what = "its cancel"
    case .requested(let demand): what = "a request for \(demand)"
    case .dropped(let value): what = "the dropped \(value)"
    }
    return "`\(row.label)` \(what) at \(event.time)"
  }

  /// The run with each row cut to the events in `ids`, and rows without one left out.
  static func only(_ ids: [Int], of result: RunResult, graph: CauseGraph) -> RunResult {
    var keep: [Int: Set<Int>] = [:]
    for id in ids {
      guard let place = graph.place(of: id) else { continue }
      keep[place.row, default: []].insert(place.index)
    }
    var cut = result
    cut.rows = result.rows.indices.compactMap { index in
      guard let kept = keep[index] else { return nil }
      var row = result.rows[index]
      row.events = TimelineEvents(row.events.indices.filter(kept.contains).map { row.events[$0] })
      row.causes = nil
      return row
    }
    cut.notes = []
    cut.log = []
    return cut
  }
}

/// Why `:why` has no answer.
public enum CauseQuestionError: Error, Hashable, CustomStringConvertible {
  case notTracked
  case noOutput
  case noRow(String, labels: [String])
  case noEvent(Int, row: String, count: Int)
  case noID(Int)

  public var description: String {
    switch self {
    case .notTracked: return "the run did not record its causes"
    case .noOutput: return "the last run has no output row"
    case .noRow(let label, let labels):
      return "no row is labelled `\(label)`; the rows are " + labels.map { "`\($0)`" }.joined(separator: ", ")
    case .noID(let id): return "the run has no event with id \(id)"
    case .noEvent(let number, let row, let count):
      return count == 0
        ? "`\(row)` has no event to explain"
        : "`\(row)` has \(count) event\(count == 1 ? "" : "s") (values and endings): ask for 1 to \(count)"
    }
  }
}
