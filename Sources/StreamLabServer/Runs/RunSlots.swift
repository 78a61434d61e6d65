/// At most `count` runs at once; the others wait their turn in arrival order.
/// Runs take a whole core each, so more of them at once only slows all.
actor RunSlots {
  private var free: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(count: Int) {
    free = max(1, count)
  }

  func acquire() async {
    if free > 0 {
      free -= 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  /// Hands the slot to the longest waiting request, or frees it.
  func release() {
    if waiting.isEmpty {
      free += 1
    } else {
      waiting.removeFirst().resume()
    }
  }
}
