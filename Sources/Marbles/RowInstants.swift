import StreamCore

/// One row's drawable instants read straight off its recorded columns: what
/// `Timeline.diagramCells` gathers into cells, one instant at a time and
/// without a cell (or any allocation) per instant.
///
/// A long run's layout walks a million instants at every frame it tries;
/// making a `MarbleCell` and a token for each cost seconds and gigabytes,
/// when only the eighty or so on screen are ever drawn. The rows must be in
/// time order, as recorded rows are (see `LongRunLayout.init`).
struct RowInstants: Sequence {
  /// One instant: its time and the events that hold it, which may include
  /// events a diagram does not draw (demand), skipped when read.
  struct Instant {
    var time: VirtualTime
    var events: Range<Int>
  }

  let events: TimelineEvents
  /// The width a value's token takes; `nil` when only the instants are wanted.
  let valueWidth: ((Value) -> Int)?

  init(_ events: TimelineEvents, valueWidth: ((Value) -> Int)? = nil) {
    self.events = events
    self.valueWidth = valueWidth
  }

  /// Whether a diagram draws the event at `position`: marble events and
  /// drops, but not the subscription every row starts with.
  static func draws(_ kind: TimelineEvent.Kind, at time: VirtualTime) -> Bool {
    // Matched rather than compared with `==`, which a million events felt.
    switch kind {
    case .requested: return false
    case .subscribed: return time != .zero
    default: return true
    }
  }

  /// `draws(_:at:)` read from the kinds column, without rebuilding the event.
  static func draws(at position: Int, in events: TimelineEvents) -> Bool {
    if events.isDemand(at: position) { return false }
    return !events.isSubscription(at: position) || events.time(at: position) != .zero
  }

  func makeIterator() -> Iterator { Iterator(events: events, valueWidth: valueWidth) }

  /// The instants from the event at `position` on (the first of its
  /// instant), their liveness worked out from `wasLive`.
  func instants(from position: Int, wasLive: Bool) -> Iterator {
    Iterator(events: events, valueWidth: valueWidth, from: position, wasLive: wasLive)
  }

  /// The instant just before the one starting at `position`, if any; its
  /// `isLiveAfter` is not worked out (see `isLive(before:)`).
  func instant(before position: Int) -> InstantCell? {
    var previous = position - 1
    while previous >= 0, !Self.draws(at: previous, in: events) { previous -= 1 }
    guard previous >= 0 else { return nil }
    var iterator = instants(from: firstPosition(atOrAfter: events.time(at: previous)), wasLive: true)
    return iterator.next()
  }

  /// The first event at or after `time` (the row is in time order).
  func firstPosition(atOrAfter time: VirtualTime) -> Int {
    var low = events.startIndex
    var high = events.endIndex
    while low < high {
      let middle = low + (high - low) / 2
      if events.time(at: middle) < time { low = middle + 1 } else { high = middle }
    }
    return low
  }

  struct Iterator: IteratorProtocol {
    let events: TimelineEvents
    let valueWidth: ((Value) -> Int)?
    private var position: Int
    private var isLive: Bool

    init(events: TimelineEvents, valueWidth: ((Value) -> Int)?, from position: Int = 0, wasLive: Bool = true) {
      self.events = events
      self.valueWidth = valueWidth
      self.position = position
      self.isLive = wasLive
    }

    /// The next instant, measured as `TextLayout.Tokens` measures a cell.
    mutating func next() -> InstantCell? {
      guard let instant = nextInstant() else { return nil }
      var cell = InstantCell(instant: instant)
      guard let valueWidth else { return cell }
      cell.measure(in: events, wasLive: isLive, valueWidth: valueWidth)
      isLive = cell.isLiveAfter
      return cell
    }

    /// The next run of drawn events at one time, found from the kinds and
    /// times columns without rebuilding an event.
    private mutating func nextInstant() -> Instant? {
      let end = events.endIndex
      while position < end {
        let start = position
        position += 1
        guard RowInstants.draws(at: start, in: events) else { continue }
        let time = events.time(at: start)
        while position < end, events.time(at: position) == time { position += 1 }
        return Instant(time: time, events: start..<position)
      }
      return nil
    }
  }
}

/// One instant as the layout places it: what `TextLayout.Tokens.Cell` knows
/// of a cell, worked out from the recorded events without making its token.
struct InstantCell: PlaceableCell {
  var instant: RowInstants.Instant
  var time: VirtualTime { instant.time }
  var width = 0
  var isBareValue = false
  var leftOut = 0
  var isLiveAfter = true
  /// The symbols of its token (`(1 2 |)` has three).
  var symbols = 0
  /// The events it draws: values (those an overlong group leaves out
  /// too), and the others.
  var valueEvents = 0
  var otherEvents = 0

  init(instant: RowInstants.Instant) {
    self.instant = instant
  }

  /// The width of the token `MarbleToken.make` would make: one symbol, or
  /// `(a b c)` with an overlong group's middle values as one `~`.
  ///
  mutating func measure(in events: TimelineEvents, wasLive: Bool, valueWidth: (Value) -> Int) {
    // Most instants of a long run are one `Int` value: measured from its payload alone.
    if instant.events.count == 1, let number = events.intValue(at: instant.events.lowerBound) {
      symbols = 1
      valueEvents = 1
      otherEvents = 0
      width = valueWidth(.int(number))
      isBareValue = true
      leftOut = 0
      isLiveAfter = wasLive
      return
    }
    // Only an instant of more events than a group shows can hide values:
    // most instants are one event, and reading it twice cost a pass.
    var valueCount = 0
    if instant.events.count > MarbleToken.maxGroupValues {
      for position in instant.events {
        if case .value = events.kind(at: position) { valueCount += 1 }
      }
    }
    let hidden = valueCount > MarbleToken.maxGroupValues ? (MarbleToken.maxGroupValues - 1)..<(valueCount - 1) : 0..<0
    var symbols = 0
    var symbolsWidth = 0
    var valueIndex = 0
    valueEvents = 0
    otherEvents = 0
    var live = wasLive
    var lastIsValue = false
    for position in instant.events {
      let kind = events.kind(at: position)
      guard RowInstants.draws(kind, at: instant.time) else { continue }
      if case .value(let value) = kind {
        defer { valueIndex += 1 }
        valueEvents += 1
        if hidden.contains(valueIndex) {
          if valueIndex == hidden.lowerBound {
            symbols += 1
            symbolsWidth += 1
            lastIsValue = false
          }
          continue
        }
        symbols += 1
        symbolsWidth += valueWidth(value)
        lastIsValue = true
        continue
      }
      if kind.isTerminal {
        live = false
      } else if case .subscribed = kind {
        live = true
      }
      // `|`, `#`, `^`, `!` and `×` are one column each.
      otherEvents += 1
      symbols += 1
      symbolsWidth += 1
      lastIsValue = false
    }
    leftOut = hidden.count
    isLiveAfter = live
    self.symbols = symbols
    isBareValue = symbols == 1 && lastIsValue
    width = symbols == 1 ? symbolsWidth : 2 + symbolsWidth + (symbols - 1)
  }

  /// The same instant measured with every value one column wide, as a
  /// legend of letters only writes it: a value alone is one column, a group
  /// its symbols with a space between and parentheses around.
  var withOneColumnValues: InstantCell {
    var cell = self
    cell.width = symbols == 1 ? 1 : 2 * symbols + 1
    return cell
  }

  /// The instant as a diagram's cell, for the few tokens that are drawn.
  func cell(in events: TimelineEvents) -> MarbleCell {
    var cell = MarbleCell(time: time, keepsEveryValue: false)
    for position in instant.events {
      let kind = events.kind(at: position)
      if RowInstants.draws(kind, at: time) { cell.append(kind) }
    }
    return cell
  }
}
