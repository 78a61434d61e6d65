import Dispatch

/// `map` over every core: Dispatch runs the items on as many threads as the
/// machine has cores and the results keep the items' order. Each run of the
/// interpreter has its own clock and engine objects, so two checks share nothing.
enum ParallelMap {
  static func map<Item, Output>(_ items: [Item], _ transform: (Item) -> Output) -> [Output] {
    guard items.count > 1 else { return items.map(transform) }
    var outputs = [Output?](repeating: nil, count: items.count)
    outputs.withUnsafeMutableBufferPointer { slots in
      // Each iteration writes only its own slot.
      let base = slots.baseAddress
      DispatchQueue.concurrentPerform(iterations: items.count) { index in
        (base! + index).pointee = transform(items[index])
      }
    }
    return outputs.map { $0! }
  }
}
