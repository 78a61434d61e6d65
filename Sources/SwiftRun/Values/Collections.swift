import StreamCore

/// `0..<10` and `1...3`: kept as bounds, walked when a loop or `.publisher` asks.
final class RangeValue: OpaqueValue {
  let lower: Int
  let upper: Int
  let isClosed: Bool

  init(lower: Int, upper: Int, isClosed: Bool) {
    self.lower = lower
    self.upper = upper
    self.isClosed = isClosed
  }

  var isEmpty: Bool { isClosed ? lower > upper : lower >= upper }
  var elements: [Value] {
    guard !isEmpty else { return [] }
    return (isClosed ? Array(lower...upper) : Array(lower..<upper)).map(Value.int)
  }
  func contains(_ number: Int) -> Bool { number >= lower && (isClosed ? number <= upper : number < upper) }

  override var typeName: String { isClosed ? "ClosedRange<Int>" : "Range<Int>" }
  override var description: String { "\(lower)\(isClosed ? "..." : "..<")\(upper)" }
  override func isEqual(to other: OpaqueValue) -> Bool {
    guard let other = other as? RangeValue else { return false }
    return (lower, upper, isClosed) == (other.lower, other.upper, other.isClosed)
  }
  override func hashContents(into hasher: inout Hasher) {
    hasher.combine(lower)
    hasher.combine(upper)
  }
}

/// `[String: Int]`: a dictionary value, its entries in insertion order (Swift's
/// own order is unspecified; a paste that prints a whole dictionary is refused
/// where the order would show).
final class DictionaryValue: OpaqueValue {
  private(set) var entries: [(key: Value, value: Value)] = []

  init(_ entries: [(key: Value, value: Value)] = []) {
    super.init()
    for entry in entries { _ = set(entry.key, entry.value) }
  }

  func get(_ key: Value) -> Value? { entries.first { $0.key == key }?.value }

  /// Sets or, with `nil`, removes; returns the old value.
  func set(_ key: Value, _ value: Value?) -> Value? {
    let index = entries.firstIndex { $0.key == key }
    let old = index.map { entries[$0].value }
    switch (index, value) {
    case (let index?, let value?): entries[index].value = value
    case (let index?, nil): entries.remove(at: index)
    case (nil, let value?): entries.append((key, value))
    case (nil, nil): break
    }
    return old
  }

  func copied() -> DictionaryValue { DictionaryValue(entries) }

  override var typeName: String { "Dictionary" }
  override var description: String {
    entries.isEmpty
      ? "[:]"
      : "[" + entries.map { "\(SwiftText.debug($0.key)): \(SwiftText.debug($0.value))" }.joined(separator: ", ") + "]"
  }
  override func isEqual(to other: OpaqueValue) -> Bool {
    guard let other = other as? DictionaryValue, other.entries.count == entries.count else { return false }
    return entries.allSatisfy { other.get($0.key) == $0.value }
  }
  override func hashContents(into hasher: inout Hasher) { hasher.combine(entries.count) }
}

/// `\.count`, `\User.name`: the property names to read, in order.
final class KeyPathValue: OpaqueValue {
  let components: [String]

  init(components: [String]) {
    self.components = components
  }

  override var typeName: String { "KeyPath" }
  override var description: String { "\\." + components.joined(separator: ".") }
}

/// `&cancellables`: where an `inout` argument reads and writes.
final class InoutReference: OpaqueValue {
  let read: () throws -> Value
  let write: (Value) throws -> Void
  /// For `&$property`: the instance whose `@Published` property it is,
  /// held weakly, as `assign(to:)` ties its subscription to the property's storage.
  let publishedOwner: WeakInstance?

  init(
    read: @escaping () throws -> Value, write: @escaping (Value) throws -> Void, publishedOwner: WeakInstance? = nil
  ) {
    self.read = read
    self.write = write
    self.publishedOwner = publishedOwner
  }

  override var typeName: String { "inout" }
}
