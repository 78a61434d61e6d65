/// The events of one row, in the order they happened, stored as columns.
///
/// A run records millions of events, so a row keeps no value per event:
/// three parallel columns (`EventColumns`) hold each event's time, what kind
/// it is, and one number (an `Int` or `Double` value itself, a demand count,
/// or where a larger value sits in `others`). An event costs 17 bytes, where
/// a `[TimelineEvent]` spent 40 and a boxed value more; reading one rebuilds
/// the `TimelineEvent`, so a row reads as any collection of them does.
/// Copies share the columns until one of them is written to, as arrays do.
public struct TimelineEvents: RandomAccessCollection, RangeReplaceableCollection, Hashable,
  ExpressibleByArrayLiteral, CustomStringConvertible
{
  /// What one event is, and how to read its payload.
  private enum Code: UInt8 {
    case subscribed
    case requestedUnlimited
    /// Payload: the count.
    case requestedMax
    /// Payload: the number itself (a double as its bit pattern).
    case valueInt, valueDouble
    /// Payload: the index of the value in `others`.
    case valueOther
    case finished
    /// Payload: the index of the message, as a string value, in `others`.
    case failed
    case cancelled
    case droppedInt, droppedDouble, droppedOther
  }

  private var columns = EventColumns()
  /// Values that do not fit in a payload (strings, arrays, tuples, …) and
  /// failure messages, each stored once.
  private var others: [Value] = []

  public init() {}

  public init(arrayLiteral elements: TimelineEvent...) {
    self.init(elements)
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { columns.count }

  public subscript(position: Int) -> TimelineEvent {
    TimelineEvent(time: time(at: position), kind: kind(at: position))
  }

  /// The kind of the event at `position`, without its time.
  public func kind(at position: Int) -> TimelineEvent.Kind {
    let payload = payload(at: position)
    switch Code(rawValue: code(at: position)) ?? .subscribed {
    case .subscribed: return .subscribed
    case .requestedUnlimited: return .requested(.unlimited)
    case .requestedMax: return .requested(.max(payload))
    case .valueInt: return .value(.int(payload))
    case .valueDouble: return .value(.double(Double(bitPattern: UInt64(bitPattern: Int64(payload)))))
    case .valueOther: return .value(others[payload])
    case .finished: return .finished
    case .failed:
      guard case .string(let message) = others[payload] else { return .failed("") }
      return .failed(message)
    case .cancelled: return .cancelled
    case .droppedInt: return .dropped(.int(payload))
    case .droppedDouble: return .dropped(.double(Double(bitPattern: UInt64(bitPattern: Int64(payload)))))
    case .droppedOther: return .dropped(others[payload])
    }
  }

  /// The time of the event at `position`.
  public func time(at position: Int) -> VirtualTime {
    checkIndex(position)
    return VirtualTime(nanoseconds: columns.time(at: position))
  }

  private func code(at position: Int) -> UInt8 {
    checkIndex(position)
    return columns.codes.base[position]
  }

  private func payload(at position: Int) -> Int {
    checkIndex(position)
    return columns.payloads.base[position]
  }

  /// The columns are raw memory: a position outside the row traps here, as
  /// an array's subscript would, rather than reading past the end.
  @inline(__always)
  private func checkIndex(_ position: Int) {
    precondition(position >= 0 && position < columns.count, "an event position outside the row")
  }

  // The diagrams' legends look for the few failures and drops among a row's
  // millions of values: these read the kinds column alone, without
  // rebuilding an event (and copying its value) per position.

  /// The positions of the failures, in order.
  public var failurePositions: [Int] { indices.filter { code(at: $0) == Code.failed.rawValue } }

  /// The positions of the dropped values, in order.
  public var dropPositions: [Int] {
    let dropped: ClosedRange<UInt8> = Code.droppedInt.rawValue...Code.droppedOther.rawValue
    return indices.filter { dropped.contains(code(at: $0)) }
  }

  /// True when the row asked for a bounded number of values (`.requested(.max(n))`).
  public var hasBoundedRequest: Bool { indices.contains { code(at: $0) == Code.requestedMax.rawValue } }

  /// True when the event at `position` is a demand (`.requested`), which diagrams do not draw.
  public func isDemand(at position: Int) -> Bool {
    let code = code(at: position)
    return code == Code.requestedUnlimited.rawValue || code == Code.requestedMax.rawValue
  }

  /// True when the event at `position` is a subscription.
  public func isSubscription(at position: Int) -> Bool { code(at: position) == Code.subscribed.rawValue }

  /// The number when the event at `position` is an `Int` value, else nil:
  /// a long run's layout measures a million of them without rebuilding the event.
  public func intValue(at position: Int) -> Int? {
    code(at: position) == Code.valueInt.rawValue ? payload(at: position) : nil
  }

  public mutating func append(_ event: TimelineEvent) {
    let (code, payload) = encode(event.kind)
    append(time: event.time, code: code, payload: payload)
  }

  /// Appends a value event without building a `TimelineEvent` first: values
  /// are nearly every event of a long run, and the probe records one per
  /// value per stage.
  public mutating func appendValue(_ value: Value, at time: VirtualTime) {
    let (code, payload) = encode(value, int: .valueInt, double: .valueDouble, other: .valueOther)
    append(time: time, code: code, payload: payload)
  }

  private mutating func append(time: VirtualTime, code: Code, payload: Int) {
    if !isKnownUniquelyReferenced(&columns) {
      columns = columns.copy(capacity: columns.count + 1)
    }
    columns.append(time: time.nanoseconds, code: code.rawValue, payload: payload)
  }

  public mutating func append(contentsOf events: some Sequence<TimelineEvent>) {
    for event in events { append(event) }
  }

  public mutating func reserveCapacity(_ count: Int) {
    if isKnownUniquelyReferenced(&columns) {
      columns.grow(to: count)
    } else {
      columns = columns.copy(capacity: count)
    }
  }

  /// Rebuilt around the change: rows are written by appending, and only
  /// tests and the shortening of an interrupted run's rows replace events.
  public mutating func replaceSubrange(_ subrange: Range<Int>, with newElements: some Collection<TimelineEvent>) {
    var rebuilt = TimelineEvents()
    rebuilt.reserveCapacity(count - subrange.count + newElements.count)
    rebuilt.append(contentsOf: self[..<subrange.lowerBound])
    rebuilt.append(contentsOf: newElements)
    rebuilt.append(contentsOf: self[subrange.upperBound...])
    self = rebuilt
  }

  private mutating func encode(_ kind: TimelineEvent.Kind) -> (Code, Int) {
    switch kind {
    case .subscribed: return (.subscribed, 0)
    case .requested(.unlimited): return (.requestedUnlimited, 0)
    case .requested(.max(let count)): return (.requestedMax, count)
    case .value(let value): return encode(value, int: .valueInt, double: .valueDouble, other: .valueOther)
    case .finished: return (.finished, 0)
    case .failed(let message): return (.failed, store(.string(message)))
    case .cancelled: return (.cancelled, 0)
    case .dropped(let value): return encode(value, int: .droppedInt, double: .droppedDouble, other: .droppedOther)
    }
  }

  private mutating func encode(_ value: Value, int: Code, double: Code, other: Code) -> (Code, Int) {
    switch value {
    case .int(let number): return (int, number)
    case .double(let number): return (double, Int(Int64(bitPattern: number.bitPattern)))
    default: return (other, store(value))
    }
  }

  private mutating func store(_ value: Value) -> Int {
    others.append(value)
    return others.count - 1
  }

  public static func == (lhs: TimelineEvents, rhs: TimelineEvents) -> Bool {
    lhs.count == rhs.count && lhs.elementsEqual(rhs)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for event in self { hasher.combine(event) }
  }

  public var description: String { Array(self).description }
}
