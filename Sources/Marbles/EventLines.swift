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

  /// The longest line `writeLine` writes: the time's digits and the number's
  /// with their signs, between the row's start and end and the longest words
  /// (`ms  request max(`, `)`).
  private var longestLine: Int {
    start.count + DecimalDigits.longestInt + "ms  request max(".utf8.count + DecimalDigits.longestInt + 1 + end.count
  }

  /// Writes the lines of `events[range]`.
  ///
  /// Only reads `events`: several threads may write lines of the same rows
  /// at once (`ChunkedWriting`).
  func write(_ events: TimelineEvents, _ range: Range<Int>, to output: TextOutput) {
    let longest = longestLine
    // A buffer too small for a whole line (only tests make one) takes every
    // line piece by piece.
    let fits = longest <= output.capacity
    start.withUnsafeBufferPointer { start in
      end.withUnsafeBufferPointer { end in
        for index in range {
          let nanoseconds = events.time(at: index).nanoseconds
          let isWholeMillisecond = nanoseconds % 1_000_000 == 0
          if fits, isWholeMillisecond, let number = events.intValue(at: index) {
            output.write(atMost: longest) { line in
              Self.writeLine(
                start: start, milliseconds: nanoseconds / 1_000_000, words: "ms  value ", number: number,
                close: false, end: end, at: line)
            }
            continue
          }
          if !includeDemand && events.isDemand(at: index) { continue }
          let kind = events.kind(at: index)
          if fits, isWholeMillisecond, case .requested(.max(let count)) = kind {
            output.write(atMost: longest) { line in
              Self.writeLine(
                start: start, milliseconds: nanoseconds / 1_000_000, words: "ms  request max(", number: count,
                close: true, end: end, at: line)
            }
            continue
          }
          output.write(start)
          TimelineEvent.write(time: VirtualTime(nanoseconds: nanoseconds), kind: kind, to: output)
          output.write(end)
        }
      }
    }
  }

  /// `start`, the time in ms, `words`, `number`, `)` when `close`, then
  /// `end`, at `line`; returns how many bytes.
  @inline(__always)
  private static func writeLine(
    start: UnsafeBufferPointer<UInt8>, milliseconds: Int, words: StaticString, number: Int, close: Bool,
    end: UnsafeBufferPointer<UInt8>, at line: UnsafeMutablePointer<UInt8>
  ) -> Int {
    var next = line
    next.update(from: start.baseAddress!, count: start.count)
    next += start.count
    next += DecimalDigits.write(milliseconds, at: next)
    next.update(from: words.utf8Start, count: words.utf8CodeUnitCount)
    next += words.utf8CodeUnitCount
    next += DecimalDigits.write(number, at: next)
    if close {
      next.pointee = UInt8(ascii: ")")
      next += 1
    }
    if let endStart = end.baseAddress {
      next.update(from: endStart, count: end.count)
      next += end.count
    }
    return next - line
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
