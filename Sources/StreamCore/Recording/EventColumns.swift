#if canImport(Glibc)
  import CMemoryMapping
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The three columns of a row's events (time, kind code, payload) in blocks
/// of memory that grow in place: `TimelineEvents`' storage.
///
/// Why not three arrays: a million-value run grew them by doubling, so every
/// growth allocated fresh memory, copied the column into it and faulted in
/// its pages once more. Page faults (the kernel clearing 4 KB pages) and the
/// copies were an eighth of the run. Here a column past `mappedSize` lives
/// in its own mapping that grows with `mremap`, which moves page tables
/// rather than bytes, and asks for transparent huge pages, so the kernel
/// clears 2 MB at a time with one fault instead of 512. Smaller columns stay
/// in `malloc`'s memory. One object holds all three columns, so an append
/// checks uniqueness once, not once per column.
///
/// Mutated only through `TimelineEvents`, which copies it before writing
/// when it is shared. Reading from several threads at once is safe while
/// nobody appends: a finished run's rows are read that way.
final class EventColumns {
  // Written at every recorded event from the run's one thread: unchecked,
  // as in the probe, because the dynamic exclusivity check cost more than
  // the append itself.
  @exclusivity(unchecked) private(set) var count = 0
  @exclusivity(unchecked) private(set) var capacity = 0
  @exclusivity(unchecked) private(set) var codes = ColumnBlock<UInt8>()
  @exclusivity(unchecked) private(set) var payloads = ColumnBlock<Int>()
  /// Written only once the events stop sharing one time (`timesAreShared`).
  @exclusivity(unchecked) private var times = ColumnBlock<Int>()
  /// True while every event so far happened at `sharedTime`, as a
  /// synchronous source's whole run does (`range`, `just`, an array): the
  /// times column is then left unwritten, 8 of an event's 17 bytes, and is
  /// filled in when a second time arrives.
  @exclusivity(unchecked) private var timesAreShared = true
  @exclusivity(unchecked) private var sharedTime = 0

  init(capacity: Int = 0) {
    if capacity > 0 { grow(to: capacity) }
  }

  deinit {
    times.release()
    codes.release()
    payloads.release()
  }

  /// The time of the event at `position`, which the caller has checked is below `count`.
  @inline(__always)
  func time(at position: Int) -> Int {
    timesAreShared ? sharedTime : times.base[position]
  }

  /// A copy holding room for at least `capacity` events.
  func copy(capacity: Int) -> EventColumns {
    let copy = EventColumns()
    copy.timesAreShared = timesAreShared
    copy.sharedTime = sharedTime
    copy.grow(to: Swift.max(capacity, count))
    if !timesAreShared { copy.times.base.update(from: times.base, count: count) }
    copy.codes.base.update(from: codes.base, count: count)
    copy.payloads.base.update(from: payloads.base, count: count)
    copy.count = count
    return copy
  }

  @inline(__always)
  func append(time: Int, code: UInt8, payload: Int) {
    if count == capacity { grow(to: Swift.max(16, capacity * 2)) }
    if timesAreShared {
      if count == 0 {
        sharedTime = time
      } else if time != sharedTime {
        writeSharedTime()
      }
    }
    if !timesAreShared { times.base[count] = time }
    codes.base[count] = code
    payloads.base[count] = payload
    count += 1
  }

  func grow(to newCapacity: Int) {
    guard newCapacity > capacity else { return }
    if !timesAreShared { times.resize(from: count, to: newCapacity) }
    codes.resize(from: count, to: newCapacity)
    payloads.resize(from: count, to: newCapacity)
    capacity = newCapacity
  }

  /// The events stop sharing one time: the times column is made and the
  /// shared time written into it for every event so far.
  private func writeSharedTime() {
    times.resize(from: 0, to: capacity)
    times.base.initialize(repeating: sharedTime, count: count)
    timesAreShared = false
  }
}

/// One column's memory: `malloc`'s while small, a mapping of its own once
/// it reaches `mappedSize` bytes (on Linux; elsewhere always `malloc`'s).
struct ColumnBlock<Element: BitwiseCopyable> {
  /// Where a column moves to a mapping of its own: one transparent huge
  /// page, below which `malloc`'s heap serves as well and wastes less.
  static var mappedSize: Int { 2 << 20 }

  private(set) var base = UnsafeMutablePointer<Element>(bitPattern: MemoryLayout<Element>.alignment)!
  /// The size of the mapping, or 0 while the column is in `malloc`'s memory.
  private var mappedBytes = 0
  private var isAllocated = false

  /// Makes room for `newCount` elements, keeping the first `oldCount`.
  mutating func resize(from oldCount: Int, to newCount: Int) {
    let (bytes, overflow) = newCount.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
    precondition(!overflow, "a timeline column of \(newCount) events does not fit in memory")
    if bytes >= Self.mappedSize, let mapped = mapping(of: bytes, keeping: oldCount) {
      base = mapped.bindMemory(to: Element.self, capacity: newCount)
      return
    }
    let old = mappedBytes > 0 || !isAllocated ? nil : UnsafeMutableRawPointer(base)
    guard let grown = realloc(old, bytes) else { fatalError("out of memory: a timeline column of \(bytes) bytes") }
    let moved = grown.bindMemory(to: Element.self, capacity: newCount)
    if mappedBytes > 0 {
      // The kernel refused to grow the mapping: on in malloc's memory.
      moved.update(from: base, count: oldCount)
      munmap(base, mappedBytes)
      mappedBytes = 0
    }
    isAllocated = true
    base = moved
  }

  /// A mapping of at least `bytes` holding the column's first `oldCount`
  /// elements: the column's own grown in place or moved by the kernel, or a
  /// new one it is copied into. Nil when none can be made.
  private mutating func mapping(of bytes: Int, keeping oldCount: Int) -> UnsafeMutableRawPointer? {
    #if canImport(Glibc)
      let size = (bytes + Self.mappedSize - 1) / Self.mappedSize * Self.mappedSize
      let address: UnsafeMutableRawPointer
      if mappedBytes > 0 {
        guard let moved = streamlab_mremap_maymove(base, mappedBytes, size), moved != MAP_FAILED else { return nil }
        address = moved
      } else {
        guard let fresh = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
          fresh != MAP_FAILED
        else { return nil }
        address = fresh
        if isAllocated {
          address.copyMemory(from: base, byteCount: oldCount * MemoryLayout<Element>.stride)
          free(base)
          isAllocated = false
        }
      }
      // Advice only: without transparent huge pages the mapping has 4 KB pages.
      _ = madvise(address, size, MADV_HUGEPAGE)
      mappedBytes = size
      return address
    #else
      return nil
    #endif
  }

  func release() {
    if mappedBytes > 0 {
      munmap(base, mappedBytes)
    } else if isAllocated {
      free(base)
    }
  }
}
