import StreamCore

/// The event lines of one row of an event list, `\n  t=0ms  value 2`, each
/// led by its line break (they all follow the row's heading) and ended by
/// the row's name when it is an inner row.
///
/// A long run's list is millions of such lines, nearly all an `Int` value
/// (or a demand) at a whole millisecond. Those are written through one
/// pointer into the output's buffer, with one check for room per line, and
/// read from the row's columns (`intValue(at:)`, `isDemand(at:)`) without
/// rebuilding the event; every other event is written from its kind.
struct EventLines {
  /// The line break, the row's indent and `  t=`, as bytes: made once per row.
  let start: [UInt8]
  /// `  [inner N]` on an inner row's lines, so a line read alone (grep, a
  /// diff) still says which inner stream it is; else empty.
  let end: [UInt8]
  /// Also list `request` events.
  let includeDemand: Bool

  init(indent: String, owner: String, includeDemand: Bool) {
    start = Array(("\n" + indent + "  t=").utf8)
    end = Array(owner.utf8)
    self.includeDemand = includeDemand
  }

  /// The longest line written through one pointer: the time's digits and
  /// the number's with their signs, between the row's start and end and the
  /// longest words (`ms  request max(`, `)`).
  private var longestLine: Int {
    start.count + DecimalDigits.longestInt + "ms  request max(".utf8.count + DecimalDigits.longestInt + 1 + end.count
  }

  /// A value line's start no longer than this (every row's but a deeply
  /// nested inner row's) is copied as one block of this size: the room a
  /// line asks for (`longestLine`) is always larger.
  private static let shortCopy = 32

  /// Writes the lines of `events[range]`.
  ///
  /// Only reads `events`: several threads may write lines of the same rows
  /// at once (`ChunkedWriting`).
  func write(_ events: TimelineEvents, _ range: Range<Int>, to output: TextOutput) {
    let longest = longestLine
    // A buffer too small for a whole line (only tests make one) takes every
    // line piece by piece.
    let fits = longest <= output.capacity
    let valueWords: StaticString = "ms  value "
    start.withUnsafeBufferPointer { start in
      end.withUnsafeBufferPointer { end in
        // A value line's start up to its number (`\n  t=0ms  value `),
        // made again only when the time changes: a long run's events come
        // many to an instant.
        withUnsafeTemporaryAllocation(
          of: UInt8.self,
          capacity: max(Self.shortCopy, start.count + DecimalDigits.longestInt + valueWords.utf8CodeUnitCount)
        ) { valueStart in
          var valueStartTime: Int?
          var valueStartCount = 0
          var next = output.position
          for index in range {
            let nanoseconds = events.time(at: index).nanoseconds
            let isWholeMillisecond = nanoseconds % 1_000_000 == 0
            if fits, isWholeMillisecond, let number = events.intValue(at: index) {
              if valueStartTime != nanoseconds {
                valueStartTime = nanoseconds
                valueStartCount = Self.lineStart(
                  start, milliseconds: nanoseconds / 1_000_000, words: valueWords, at: valueStart.baseAddress!)
              }
              next = output.room(for: longest, at: next)
              if valueStartCount <= Self.shortCopy {
                // Copied as one fixed-size block (a few vector moves, no
                // call to memcpy); the bytes past the start are overwritten.
                Self.copyShort(from: valueStart.baseAddress!, to: next)
                next += valueStartCount
              } else {
                next = Self.put(UnsafeBufferPointer(start: valueStart.baseAddress, count: valueStartCount), at: next)
              }
              next += DecimalDigits.write(number, at: next)
              next = Self.put(end, at: next)
              continue
            }
            if !includeDemand && events.isDemand(at: index) { continue }
            let kind = events.kind(at: index)
            if fits, isWholeMillisecond, case .requested(.max(let count)) = kind {
              next = output.room(for: longest, at: next)
              next += Self.lineStart(start, milliseconds: nanoseconds / 1_000_000, words: "ms  request max(", at: next)
              next += DecimalDigits.write(count, at: next)
              next.pointee = UInt8(ascii: ")")
              next = Self.put(end, at: next + 1)
              continue
            }
            output.commit(upTo: next)
            output.write(start)
            TimelineEvent.write(time: VirtualTime(nanoseconds: nanoseconds), kind: kind, to: output)
            output.write(end)
            next = output.position
          }
          output.commit(upTo: next)
        }
      }
    }
  }

  /// `start`, the time in milliseconds and `words` at `line`; returns how many bytes.
  @inline(__always)
  private static func lineStart(
    _ start: UnsafeBufferPointer<UInt8>, milliseconds: Int, words: StaticString, at line: UnsafeMutablePointer<UInt8>
  ) -> Int {
    var next = put(start, at: line)
    next += DecimalDigits.write(milliseconds, at: next)
    next = put(UnsafeBufferPointer(start: words.utf8Start, count: words.utf8CodeUnitCount), at: next)
    return next - line
  }

  /// Copies `shortCopy` bytes as four 8-byte words, which the compiler
  /// keeps inline (a `copyMemory` of a constant size still called memcpy).
  @inline(__always)
  private static func copyShort(from source: UnsafeMutablePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>) {
    let from = UnsafeRawPointer(source)
    let to = UnsafeMutableRawPointer(destination)
    for offset in stride(from: 0, to: shortCopy, by: 8) {
      to.storeBytes(
        of: from.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
    }
  }

  /// Copies `bytes` to `destination`; returns where the copy ends.
  @inline(__always)
  private static func put(_ bytes: UnsafeBufferPointer<UInt8>, at destination: UnsafeMutablePointer<UInt8>)
    -> UnsafeMutablePointer<UInt8>
  {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return destination }
    destination.update(from: source, count: bytes.count)
    return destination + bytes.count
  }
}

extension TimelineEvent {
  /// `description` after its `t=` (an event line's start has it), written
  /// straight into `output`.
  static func write(time: VirtualTime, kind: Kind, to output: TextOutput) {
    let isWholeMillisecond = time.nanoseconds % 1_000_000 == 0
    if isWholeMillisecond {
      output.write(time.nanoseconds / 1_000_000)
    } else {
      output.write(time.description)
    }
    output.write(isWholeMillisecond ? "ms  " : "  " as StaticString)
    output.write(TimelineEvent(time: time, kind: kind).detail)
  }
}
