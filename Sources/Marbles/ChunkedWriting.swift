import StreamCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A long document formatted on two threads and written in order.
///
/// The document is cut into chunks (a few tens of thousands of event lines
/// each). The calling thread and one helper each take the next chunk nobody
/// has taken yet, so the work splits by speed however busy either core is.
/// The calling thread writes the chunks in order: the next one to write, if
/// it takes it itself, straight into the output; any other into one of a
/// few slots, where it waits for its turn. A chunk is taken only when its
/// slot is free, so at most `slotCount` chunks are held at once, never the
/// whole document.
enum ChunkedWriting {
  /// How many formatted chunks may wait for their turn.
  static let slotCount = 4

  /// Writes chunks `0..<chunkCount` into `output` in order, `format(index,
  /// into)` writing chunk `index` into `into`. `format` runs on both
  /// threads at once, so it must only read what it shares (the finished
  /// run's rows, which nothing changes while they are written).
  /// - Returns: how many chunks the helper formatted.
  @discardableResult
  static func write(chunkCount: Int, to output: TextOutput, format: (Int, TextOutput) -> Void) -> Int {
    withoutActuallyEscaping(format) { format in
      let work = Work(chunkCount: chunkCount, format: format)
      // With no helper (no thread could be started), the calling thread
      // takes every chunk itself.
      let helper = SystemThread.start(stackSize: SystemThread.largeStackSize) { work.formatAsHelper() }
      work.writeInOrder(to: output)
      // Joined before `format` goes out of scope: the helper has taken its
      // last chunk by the time the last chunk is written, and holds nothing after.
      if let helper { SystemThread.join(helper) }
      return work.chunksFormattedByHelper
    }
  }

  /// A chunk formatted ahead of its turn: its bytes in `output`'s buffer,
  /// and in `overflow` when a chunk outgrew it.
  private final class Slot {
    var overflow: [UInt8] = []
    /// Large enough for a chunk of the event list's longest common lines,
    /// so that `overflow` is for the rare chunk of long values; pages are
    /// only committed as they are written.
    private(set) lazy var output = TextOutput(capacity: 1 << 21) { [unowned self] in
      self.overflow.append(contentsOf: $0)
    }

    /// Writes the chunk into `destination` and empties the slot.
    func move(to destination: TextOutput) {
      if !overflow.isEmpty {
        overflow.withUnsafeBufferPointer { destination.write($0) }
        overflow.removeAll(keepingCapacity: true)
      }
      output.move(bufferedBytesTo: destination)
    }
  }

  /// What the two threads share. Every `var` is read and written only with
  /// `lock` held; a slot belongs to whoever took its chunk until it is
  /// marked ready, then to the writer.
  private final class Work {
    let chunkCount: Int
    let format: (Int, TextOutput) -> Void
    let slots = (0..<ChunkedWriting.slotCount).map { _ in Slot() }
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// The first chunk nobody has taken.
    private var nextToTake = 0
    /// The first chunk not yet written.
    private var nextToWrite = 0
    /// Whether each slot holds its chunk, formatted.
    private var isReady = [Bool](repeating: false, count: ChunkedWriting.slotCount)
    private(set) var chunksFormattedByHelper = 0

    init(chunkCount: Int, format: @escaping (Int, TextOutput) -> Void) {
      self.chunkCount = chunkCount
      self.format = format
      pthread_mutex_init(lock, nil)
      pthread_cond_init(changed, nil)
    }

    deinit {
      pthread_cond_destroy(changed)
      pthread_mutex_destroy(lock)
      lock.deallocate()
      changed.deallocate()
    }

    /// Whether the next chunk may be taken: there is one, and its slot is free.
    private var canTake: Bool {
      nextToTake < chunkCount && nextToTake < nextToWrite + ChunkedWriting.slotCount
    }

    /// The calling thread's part: write every chunk in order, formatting
    /// what it can meanwhile.
    func writeInOrder(to output: TextOutput) {
      pthread_mutex_lock(lock)
      while nextToWrite < chunkCount {
        let next = nextToWrite
        let slot = next % ChunkedWriting.slotCount
        if nextToTake == next {
          // Nobody has it: formatted straight into the output, no copy.
          nextToTake += 1
          pthread_mutex_unlock(lock)
          format(next, output)
          pthread_mutex_lock(lock)
        } else if isReady[slot] {
          pthread_mutex_unlock(lock)
          slots[slot].move(to: output)
          pthread_mutex_lock(lock)
          isReady[slot] = false
        } else if canTake {
          // The helper is formatting the next chunk: format a later one meanwhile.
          formatNextIntoItsSlot()
          continue
        } else {
          pthread_cond_wait(changed, lock)
          continue
        }
        nextToWrite += 1
        // A slot is free: the helper may take another chunk.
        pthread_cond_broadcast(changed)
      }
      pthread_mutex_unlock(lock)
    }

    /// The helper's part: take and format chunks while there are any.
    func formatAsHelper() {
      pthread_mutex_lock(lock)
      while nextToTake < chunkCount {
        if canTake {
          formatNextIntoItsSlot()
          chunksFormattedByHelper += 1
        } else {
          pthread_cond_wait(changed, lock)
        }
      }
      pthread_mutex_unlock(lock)
    }

    /// Takes the next chunk and formats it into its slot, without the lock
    /// while formatting; called and returns with `lock` held.
    private func formatNextIntoItsSlot() {
      let chunk = nextToTake
      nextToTake += 1
      pthread_mutex_unlock(lock)
      format(chunk, slots[chunk % ChunkedWriting.slotCount].output)
      pthread_mutex_lock(lock)
      isReady[chunk % ChunkedWriting.slotCount] = true
      pthread_cond_broadcast(changed)
    }
  }
}
