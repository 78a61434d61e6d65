import StreamCore

/// `(count: 0, total: 0.0)`: a tuple whose elements have names, read by
/// name or by position. Swift prints it with its labels.
final class LabelledTuple: OpaqueValue {
  let labels: [String?]
  let items: [Value]

  init(labels: [String?], items: [Value]) {
    self.labels = labels
    self.items = items
  }

  func item(_ name: String) -> Value? {
    if let index = labels.firstIndex(of: name) { return items[index] }
    if let index = Int(name), items.indices.contains(index) { return items[index] }
    return nil
  }

  override var typeName: String { "Tuple" }
  override var description: String {
    "("
      + zip(labels, items).map { label, item in (label.map { "\($0): " } ?? "") + SwiftText.debug(item) }
      .joined(separator: ", ") + ")"
  }
  override func isEqual(to other: OpaqueValue) -> Bool { (other as? LabelledTuple)?.items == items }
  override func hashContents(into hasher: inout Hasher) { hasher.combine(items) }
}
