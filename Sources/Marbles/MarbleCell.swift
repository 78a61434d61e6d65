import StreamCore

/// What one row shows at one instant: the drawable events that happened at
/// the same virtual time, in the order they happened.
///
/// A diagram's cell keeps only the values it can draw: the first
/// `keptLeadingValues` and the last, with a count of those left out between
/// them, so a million values sent at one instant cost a few bytes to draw.
struct MarbleCell: Hashable {
  var time: VirtualTime
  /// The events, less the values left out.
  var events: [TimelineEvent.Kind]
  /// How many values were left out after the first `keptLeadingValues`.
  var hiddenValues = 0
  /// The most values a cell keeps from its start before it keeps only its
  /// last: what the text diagram's groups and the SVG's bundles show.
  static let keptLeadingValues = max(MarbleToken.maxGroupValues, SVGPage.maxBundle)
  /// Where the last kept value is in `events`, while it may still be left
  /// out for a later one.
  private var lastValuePosition: Int?
  private var keptValues = 0
  /// False for a diagram's cell; true where every value counts (a marble string).
  private let keepsEveryValue: Bool

  init(time: VirtualTime, events: [TimelineEvent.Kind] = [], keepsEveryValue: Bool = true) {
    self.time = time
    self.events = []
    self.keepsEveryValue = keepsEveryValue
    for kind in events { append(kind) }
  }

  /// Every value at this instant, the left-out ones included.
  var valueCount: Int { keptValues + hiddenValues }

  /// The kept values, in order.
  var values: [Value] {
    events.compactMap {
      if case .value(let value) = $0 { return value }
      return nil
    }
  }

  /// Adds the next event of the instant. A value past the first
  /// `keptLeadingValues` replaces the one kept last, which is left out.
  mutating func append(_ kind: TimelineEvent.Kind) {
    guard case .value = kind else {
      events.append(kind)
      return
    }
    guard !keepsEveryValue else {
      events.append(kind)
      keptValues += 1
      return
    }
    if keptValues >= Self.keptLeadingValues, let last = lastValuePosition {
      events.remove(at: last)
      keptValues -= 1
      hiddenValues += 1
    }
    if keptValues >= Self.keptLeadingValues { lastValuePosition = events.count }
    events.append(kind)
    keptValues += 1
  }

  /// Adds `other`'s events after this cell's, as if they had happened in
  /// this instant (two instants drawn in one column).
  mutating func append(contentsOf other: MarbleCell) {
    var valueIndex = 0
    for kind in other.events {
      if case .value = kind {
        // `other`'s left-out values came just before its last one.
        if valueIndex == Self.keptLeadingValues, other.hiddenValues > 0 { hide(other.hiddenValues) }
        valueIndex += 1
      }
      append(kind)
    }
  }

  /// Leaves out `count` values that came after at least `keptLeadingValues`.
  private mutating func hide(_ count: Int) {
    if keptValues > Self.keptLeadingValues, let last = lastValuePosition {
      events.remove(at: last)
      keptValues -= 1
      hiddenValues += 1
      lastValuePosition = nil
    }
    hiddenValues += count
  }

  /// The index among all the instant's values of the `kept`-th kept value.
  func valueIndex(ofKept kept: Int) -> Int {
    kept < Self.keptLeadingValues ? kept : kept + hiddenValues
  }

  /// Whether the row is still live after this instant: a terminal event ends
  /// it, a later subscription (`retry` resubscribing) opens it again.
  func isLive(after wasLive: Bool) -> Bool {
    events.reduce(wasLive) { live, kind in
      kind.isTerminal ? false : kind == .subscribed ? true : live
    }
  }

  static func == (lhs: MarbleCell, rhs: MarbleCell) -> Bool {
    (lhs.time, lhs.events, lhs.hiddenValues) == (rhs.time, rhs.events, rhs.hiddenValues)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(time)
    hasher.combine(events)
    hasher.combine(hiddenValues)
  }
}

extension Timeline {
  /// The row's marble events grouped by instant, in time order, every value
  /// kept (a marble string spells them all out).
  ///
  /// A subscription at 0 is left out: every row starts subscribed, and only a
  /// later one (`^`) tells the student something.
  var marbleCells: [MarbleCell] {
    cells(keepingEveryValue: true) { $0.isMarble }
  }

  /// The cells a diagram draws: the marble events and the values this stage
  /// dropped for want of demand (`×`), which a marble string cannot hold.
  var diagramCells: [MarbleCell] { diagramCells(first: .max) }

  /// The first `limit` of `diagramCells`, gathered without the rest: a
  /// picture that shows a row's first instants need not make a million cells.
  func diagramCells(first limit: Int) -> [MarbleCell] {
    cells(keepingEveryValue: false, first: limit) {
      if case .dropped = $0 { return true }
      return $0.isMarble
    }
  }

  /// One pass over the row: recorded rows are in time order already, so
  /// only a row built out of order (by hand, in a test) is sorted first.
  private func cells(
    keepingEveryValue: Bool, first limit: Int = .max, drawing isDrawn: (TimelineEvent.Kind) -> Bool
  ) -> [MarbleCell] {
    var order = Array(events.indices)
    if !events.indices.dropFirst().allSatisfy({ events.time(at: $0 - 1) <= events.time(at: $0) }) {
      order.sort { (events.time(at: $0), $0) < (events.time(at: $1), $1) }
    }
    var cells: [MarbleCell] = []
    for index in order {
      let kind = events.kind(at: index)
      let time = events.time(at: index)
      guard isDrawn(kind), !(kind == .subscribed && time == .zero) else { continue }
      // Compared without binding the last cell: a binding would keep a second
      // reference to its events and make every append copy them.
      if cells.last?.time != time {
        guard cells.count < limit else { break }
        cells.append(MarbleCell(time: time, keepsEveryValue: keepingEveryValue))
      }
      cells[cells.count - 1].append(kind)
    }
    return cells
  }
}

extension TimelineEvent.Kind {
  /// True for `finished`, `failed` and `cancelled`.
  var isTerminal: Bool {
    switch self {
    case .finished, .failed, .cancelled: return true
    default: return false
    }
  }

  /// True for the events a marble diagram draws (not demand or drops).
  var isMarble: Bool {
    switch self {
    case .requested, .dropped: return false
    default: return true
    }
  }
}

extension MarbleCell {
  /// The values a text diagram draws for this cell: all of them, or the
  /// start and the end of an overlong group (the rest become `~`).
  var drawnValues: [Value] {
    let kept = values
    guard valueCount > MarbleToken.maxGroupValues else { return kept }
    return Array(kept.prefix(MarbleToken.maxGroupValues - 1)) + [kept[kept.count - 1]]
  }
}
