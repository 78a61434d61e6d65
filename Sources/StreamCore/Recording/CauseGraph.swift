/// Every recorded event's causes in one run (issue 33): for each event id,
/// the events it was made from, one step upstream. Its causes' causes lead
/// back, through every stage and inner row, to what started it all: a
/// subject's send, a source's subscription, a tick of the clock.
///
/// Built after the run from each row's `RowCauses`: the event being handled
/// when an event happened is its cause (on an inner row, with none, its
/// subscription), and a row whose operator has a `CauseRule` gets that
/// rule's causes instead, read from the events of its input rows (the stage
/// before it, and the inner rows it opened).
public struct CauseGraph: Hashable {
  /// Where an event is: its row in the run's `rows` and its index in the row's events.
  public struct Place: Hashable {
    public var row: Int
    public var index: Int
  }

  // Ids are dense (0, 1, 2, … in record order, less the silent stages'),
  // so both tables are arrays by id: a million-event run's graph is built
  // without a dictionary entry or an array per event. Most events have one
  // cause, kept in `single`; -1 is none, -2 is several, kept in `several`.
  private var places: [Place?] = []
  private var single: [Int] = []
  private var several: [Int: [Int]] = [:]

  /// Nil when the run did not track causes.
  public init?(rows: [Timeline]) {
    guard rows.contains(where: { $0.causes != nil }) else { return nil }
    let count = (rows.compactMap { $0.causes?.eventIDs.max() }.max() ?? -1) + 1
    places = Array(repeating: nil, count: count)
    single = Array(repeating: -1, count: count)
    for (rowIndex, row) in rows.enumerated() {
      for (index, id) in (row.causes?.eventIDs ?? []).enumerated() {
        places[id] = Place(row: rowIndex, index: index)
      }
    }
    // Each row's value events, read once: a rule looks at them for every value it sends.
    let values = rows.map { $0.causes?.rule == nil ? [] : Self.valueEvents(of: $0) }
    var inputValues: [Int: [[(id: Int, value: Value)]]] = [:]
    for (rowIndex, row) in rows.enumerated() {
      guard let recorded = row.causes else { continue }
      var position = 0
      // An inner row is one subscription its operator made: what it sends
      // with nothing else behind it (`just 0` sending as `catch` asks) is
      // that subscription's doing, and so of what made the operator subscribe.
      var subscription = -1
      let plain = recorded.rule == nil && row.inner == nil
      for (index, id) in recorded.eventIDs.enumerated() {
        let handled = recorded.handledDuring[index]
        // Nearly every event: one cause or none, as recorded.
        if plain {
          single[id] = handled >= 0 ? handled : -1
          continue
        }
        var causes = handled >= 0 ? [handled] : []
        if row.inner != nil {
          if row.events.kind(at: index) == .subscribed {
            subscription = id
          } else if causes.isEmpty, subscription >= 0 {
            causes = [subscription]
          }
        }
        if let rule = recorded.rule, case .value(let value) = row.events.kind(at: index) {
          if inputValues[rowIndex] == nil {
            inputValues[rowIndex] = Self.inputRows(of: rowIndex, in: rows).map { Self.valueEvents(of: rows[$0]) }
          }
          causes = Self.apply(
            rule, to: (id: id, position: position, value: value), outputs: values[rowIndex],
            inputs: inputValues[rowIndex] ?? [], handled: causes)
          position += 1
        }
        switch causes.count {
        case 0: single[id] = -1
        case 1: single[id] = causes[0]
        default:
          single[id] = -2
          several[id] = causes
        }
      }
    }
  }

  /// Where the event `id` is, if it was kept.
  public func place(of id: Int) -> Place? { places.indices.contains(id) ? places[id] : nil }

  /// The events `id` was made from, one step upstream, in the order found.
  public func causes(of id: Int) -> [Int] {
    guard single.indices.contains(id) else { return [] }
    switch single[id] {
    case -1: return []
    case -2: return several[id] ?? []
    case let cause: return [cause]
    }
  }

  /// Every event `id` was made from, through every step, each once,
  /// nearest first.
  public func chain(of id: Int) -> [Int] {
    var seen: Set<Int> = [id]
    var order: [Int] = []
    var frontier = [id]
    while !frontier.isEmpty {
      var next: [Int] = []
      for event in frontier {
        for cause in causes(of: event) where seen.insert(cause).inserted {
          order.append(cause)
          next.append(cause)
        }
      }
      frontier = next
    }
    return order
  }

  /// The rows a row's operator reads: the stage before it, and the inner
  /// rows it opened (`combineLatest b`'s `b`, `flatMap`'s inner streams).
  public static func inputRows(of rowIndex: Int, in rows: [Timeline]) -> [Int] {
    let row = rows[rowIndex]
    guard row.inner == nil else { return [] }
    var inputs: [Int] = []
    if let before = rows.indices.last(where: {
      rows[$0].pipeline == row.pipeline && rows[$0].stage == row.stage - 1 && rows[$0].inner == nil
    }) {
      inputs.append(before)
    }
    inputs += rows.indices.filter {
      rows[$0].pipeline == row.pipeline && rows[$0].inner?.parent == row.stage && rows[$0].inner?.depth == 1
    }
    return inputs
  }

  /// A value event's causes under `rule`: the event is the `position`th value of its row.
  private static func apply(
    _ rule: CauseRule, to event: (id: Int, position: Int, value: Value), outputs: [(id: Int, value: Value)],
    inputs: [[(id: Int, value: Value)]], handled: [Int]
  ) -> [Int] {
    // Each input's values recorded before this event (ids count in record order).
    let earlier = inputs.map { input in input[..<(firstIndex(in: input) { $0.id > event.id })] }
    let position = event.position
    switch rule {
    case .latestOfEachInput:
      // The arriving event first, then the latest of every other input.
      var causes = handled
      for input in earlier {
        if let latest = input.last, !causes.contains(latest.id) { causes.append(latest.id) }
      }
      return causes
    case .nthOfEachInput:
      return earlier.compactMap { $0.indices.contains(position) ? $0[position].id : nil }
    case .withPreviousOutput:
      return handled + (position > 0 ? [outputs[position - 1].id] : [])
    case .batch:
      let previous = position > 0 ? outputs[position - 1].id : -1
      guard let input = earlier.first else { return handled }
      return input[firstIndex(in: input) { $0.id > previous }...].map(\.id)
    case .latestEqualInput:
      return (earlier.first?.last { $0.value == event.value }).map { [$0.id] } ?? handled
    case .nthInput:
      guard let input = earlier.first, input.indices.contains(position) else { return handled }
      return [input[position].id]
    }
  }

  /// The first index of `items` (ordered by id) where `isAfter` holds, by bisection.
  private static func firstIndex<C: RandomAccessCollection>(in items: C, where isAfter: (C.Element) -> Bool)
    -> C.Index
  {
    var low = items.startIndex
    var high = items.endIndex
    while low < high {
      let middle = items.index(low, offsetBy: items.distance(from: low, to: high) / 2)
      if isAfter(items[middle]) { high = middle } else { low = items.index(after: middle) }
    }
    return low
  }

  /// A row's value events with their ids, in the order they happened.
  private static func valueEvents(of row: Timeline) -> [(id: Int, value: Value)] {
    guard let recorded = row.causes else { return [] }
    return recorded.eventIDs.indices.compactMap { index in
      guard case .value(let value) = row.events.kind(at: index) else { return nil }
      return (recorded.eventIDs[index], value)
    }
  }
}
