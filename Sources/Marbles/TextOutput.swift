/// Where a document is written as it is produced.
///
/// Bytes gather in a buffer and go to `flush` a chunk at a time, so a
/// document of any size needs no more memory than the buffer: the JSON of a
/// million-event run reaches standard output as it is written, never as one
/// String. `TextOutput.string` collects a document whole for the REPL and
/// the web server. Numbers are written as digits straight into the buffer,
/// so writing an event allocates nothing.
public final class TextOutput {
  // A raw buffer, not an array, and the fill level behind a pointer, not in
  // a `var` of the class: every access to a class's stored `var` is checked
  // for exclusivity at run time (swift_beginAccess), which the profile of
  // `--format events` showed as 11% of the whole process, all in `append`.
  // A `let` holding a pointer is not checked.
  private let storage: UnsafeMutablePointer<UInt8>
  private let fill: UnsafeMutablePointer<Fill>
  /// How many bytes gather before they are flushed: the most a writer may ask room for.
  let capacity: Int
  private let flush: (UnsafeBufferPointer<UInt8>) -> Void

  private struct Fill {
    var count = 0
    var lastByte: UInt8?
  }

  /// The last byte written, so a writer can end a document with one line break, never two.
  public var lastByte: UInt8? { fill.pointee.lastByte }

  /// - Parameters:
  ///   - capacity: how many bytes gather before they are flushed.
  ///   - flush: takes each chunk; called in order, and by `finish()` for the last.
  public init(capacity: Int = 1 << 16, flush: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
    self.capacity = max(capacity, 64)
    self.flush = flush
    storage = .allocate(capacity: self.capacity)
    fill = .allocate(capacity: 1)
    fill.initialize(to: Fill())
  }

  deinit {
    storage.deallocate()
    fill.deallocate()
  }

  /// Runs `write` on an output that collects everything, and returns it.
  public static func string(_ write: (TextOutput) -> Void) -> String {
    var bytes: [UInt8] = []
    let output = TextOutput { bytes.append(contentsOf: $0) }
    write(output)
    output.finish()
    return String(decoding: bytes, as: UTF8.self)
  }

  // Disfavoured so that a literal, `output.write("ms")`, takes the
  // StaticString overload: Swift otherwise prefers String for literals, and
  // writing a String retained and released its storage every time, which
  // made the event list (several literals per line) cost more per byte than JSON.
  @_disfavoredOverload
  public func write(_ text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }

  public func write(_ text: StaticString) {
    text.withUTF8Buffer { append($0) }
  }

  /// Writes bytes prepared once (a row's indent, say), without a String per call.
  public func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  /// Writes `number` in decimal, as `String(number)` would.
  public func write(_ number: Int) {
    write(atMost: DecimalDigits.longestInt) { DecimalDigits.write(number, at: $0) }
  }

  /// Writes `magnitude`'s decimal digits, padded with zeros to `minimumCount`.
  ///
  /// Numbers are most of a long run's event list and JSON, so the digits go
  /// straight into the buffer (`DecimalDigits`): a tenth of `--format
  /// json`'s time once went to making them.
  public func write(digitsOf magnitude: UInt, minimumCount: Int) {
    guard minimumCount <= DecimalDigits.mostDigits else {
      // Padding wider than any number: never asked for, but kept right.
      write(String(repeating: "0", count: minimumCount - String(magnitude).count) + String(magnitude))
      return
    }
    write(atMost: DecimalDigits.mostDigits) { start in
      // Counted only when padded (a fraction of a millisecond).
      let zeros = minimumCount > 1 ? max(0, minimumCount - DecimalDigits.digitCount(magnitude)) : 0
      start.update(repeating: UInt8(ascii: "0"), count: zeros)
      return zeros + DecimalDigits.write(digitsOf: magnitude, at: start + zeros)
    }
  }

  /// Lets `body` write up to `count` bytes straight into the buffer, at the
  /// pointer it is given, and return how many it wrote: a writer that knows
  /// the longest its piece can be (an event line) checks for room once, not
  /// once per part. `count` must not exceed `capacity`.
  @inline(__always)
  func write(atMost count: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
    let start = room(for: count, at: position)
    commit(upTo: start + body(start))
  }

  // A writer of many short pieces (`EventLines`) keeps where the next byte
  // goes in a local pointer, asks for room per piece, and records the fill
  // level once at the end: the level lives behind a pointer the compiler
  // cannot keep in a register while bytes are stored through another.

  /// Where the next byte goes.
  var position: UnsafeMutablePointer<UInt8> { storage + fill.pointee.count }

  /// `position` when `count` more bytes fit after it; else, with everything
  /// up to `position` flushed, the start of the emptied buffer. `count`
  /// must not exceed `capacity`.
  @inline(__always)
  func room(for count: Int, at position: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
    if count <= storage + capacity - position { return position }
    precondition(count <= capacity, "room asked beyond the buffer")
    commit(upTo: position)
    finish()
    return storage
  }

  /// Records that the buffer holds everything up to `position`.
  @inline(__always)
  func commit(upTo position: UnsafeMutablePointer<UInt8>) {
    let count = position - storage
    guard count != fill.pointee.count else { return }
    fill.pointee.count = count
    fill.pointee.lastByte = storage[count - 1]
  }

  /// Writes bytes made elsewhere (a chunk another thread formatted); a piece
  /// larger than the buffer goes to `flush` as it is, without a copy.
  func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    append(bytes)
  }

  /// Hands the buffered bytes to `destination` instead of `flush`, and
  /// empties the buffer: a chunk formatted ahead of its turn
  /// (`ChunkedWriting`) joins the document without a copy of its own.
  func move(bufferedBytesTo destination: TextOutput) {
    let count = fill.pointee.count
    guard count > 0 else { return }
    destination.append(UnsafeBufferPointer(start: storage, count: count))
    fill.pointee.count = 0
  }

  /// Hands everything still buffered to `flush`.
  public func finish() {
    let count = fill.pointee.count
    guard count > 0 else { return }
    flush(UnsafeBufferPointer(start: storage, count: count))
    fill.pointee.count = 0
  }

  private func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let start = bytes.baseAddress, let last = bytes.last else { return }
    fill.pointee.lastByte = last
    if fill.pointee.count + bytes.count > capacity {
      finish()
      // A piece larger than the buffer goes out as it is.
      if bytes.count > capacity {
        flush(bytes)
        return
      }
    }
    (storage + fill.pointee.count).update(from: start, count: bytes.count)
    fill.pointee.count += bytes.count
  }
}
