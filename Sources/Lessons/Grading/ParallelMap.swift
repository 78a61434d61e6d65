import Dispatch
import StreamLang
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `map` over every core, the results in the items' order. Each core gets a
/// thread with a large stack (`LargeStack`), as a run of the interpreter
/// needs: on Dispatch's own threads every check started a thread of its own
/// for its run, which cost more than the second core gave (measured with
/// `streamlab-bench grading`: 38.8 s of CPU for what one core did in 25.0).
/// The threads take the next item as they finish one. Each run has its own
/// clock and engine objects, so two checks share nothing.
enum ParallelMap {
  static var cores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

  static func map<Item, Output>(_ items: [Item], _ transform: @escaping (Item) -> Output) -> [Output] {
    let threads = min(cores, items.count)
    guard threads > 1 else { return items.map(transform) }
    let shared = Shared<Item, Output>(items)
    let finished = DispatchSemaphore(value: 0)
    // The threads hold what they share by reference, and may let go of it
    // after they signal: nothing here is freed under them.
    let work = {
      shared.work(transform)
      finished.signal()
    }
    var started = 0
    for _ in 0..<threads where LargeStack.detach(work) { started += 1 }
    // No thread could be started: this one does the work.
    if started == 0 {
      work()
      started = 1
    }
    for _ in 0..<started { finished.wait() }
    return shared.outputs()
  }

  /// The items, the next one to take, and a slot for each output.
  private final class Shared<Item, Output>: @unchecked Sendable {
    let items: [Item]
    let next = Atomic<Int>(0)
    let slots: UnsafeMutablePointer<Output?>

    init(_ items: [Item]) {
      self.items = items
      slots = .allocate(capacity: items.count)
      slots.initialize(repeating: nil, count: items.count)
    }

    deinit {
      slots.deinitialize(count: items.count)
      slots.deallocate()
    }

    /// Takes items until none is left; each thread writes only its items' slots.
    func work(_ transform: (Item) -> Output) {
      while true {
        let index = next.add(1, ordering: .relaxed).oldValue
        guard index < items.count else { return }
        (slots + index).pointee = transform(items[index])
      }
    }

    func outputs() -> [Output] {
      (0..<items.count).map { slots[$0]! }
    }
  }
}
