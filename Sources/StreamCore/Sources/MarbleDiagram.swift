/// A marble string such as `-a-b--c|`, read into the timed events it stands for.
///
/// The grammar is RxJS's run mode with two fixes:
///
/// - `-` advances time by one frame.
/// - `|` finishes, `#` fails (with `failureMessage`).
/// - Any other character is a value; a digit becomes an `Int`, anything else
///   a one-character `String`. `'foo'` is a multi-character value (an `Int`
///   when its text is a whole number, such as `'42'`).
/// - Every event takes one frame: `-a-` puts `a` at one frame.
/// - `(ab)` puts several events at the same instant and takes ONE frame in
///   all (RxJS counts its characters; the first fix).
/// - Spaces are ignored (the second fix: RxJS's run mode also counts them
///   only in its time progressions), and a time literal standing between
///   spaces or the string's ends, such as ` 500ms `, advances the clock by
///   that much; `ms`, `s` and `us` are its units.
/// - Only `-` and time may follow `|` or `#`.
public struct MarbleDiagram: Hashable {
  /// The marble string as written.
  public let text: String
  /// The time one `-` or one event takes.
  public let frame: VirtualInterval
  /// The events, offsets counted from the subscription, in order.
  public let events: [TimedEvent]

  /// Reads `text`, one frame per `-` or event.
  ///
  /// - Throws: `MarbleSyntaxError` naming the problem and the character
  ///   offset in `text` where it is.
  public init(_ text: String, frame: VirtualInterval = .milliseconds(100), failureMessage: String = "error")
    throws(MarbleSyntaxError)
  {
    self.text = text
    self.frame = frame
    var reader = Reader(characters: Array(text), frame: frame, failureMessage: failureMessage)
    self.events = try reader.read()
  }
}

/// A malformed marble string: what is wrong, and where.
public struct MarbleSyntaxError: Error, Hashable, CustomStringConvertible {
  public var message: String
  /// The offset, in characters, of the problem within the marble string.
  public var offset: Int

  public init(_ message: String, at offset: Int) {
    self.message = message
    self.offset = offset
  }

  public var description: String { "\(message) (at character \(offset))" }
}

extension MarbleDiagram {
  /// One pass over a marble string: the position, the clock, and the group
  /// being read.
  fileprivate struct Reader {
    let characters: [Character]
    let frame: VirtualInterval
    let failureMessage: String

    private var index = 0
    private var time = VirtualInterval.zero
    private var events: [TimedEvent] = []
    /// Where the open `(` is, and how many events the group holds so far.
    private var group: (start: Int, count: Int)?
    /// Where the `|` or `#` is, once one has been read.
    private var terminal: Int?

    init(characters: [Character], frame: VirtualInterval, failureMessage: String) {
      self.characters = characters
      self.frame = frame
      self.failureMessage = failureMessage
    }

    mutating func read() throws(MarbleSyntaxError) -> [TimedEvent] {
      while index < characters.count {
        let character = characters[index]
        if character.isNumber, isAtTokenStart, let (length, interval) = try timeProgression() {
          guard group == nil else { throw MarbleSyntaxError("a time progression cannot be inside a group", at: index) }
          try advance(by: interval)
          index += length
          continue
        }
        switch character {
        case " ":
          break
        case "-":
          if group != nil { throw MarbleSyntaxError("`-` cannot be inside a group", at: index) }
          try advance(by: frame)
        case "(":
          if let group {
            throw MarbleSyntaxError("groups cannot be nested (the open group is at \(group.start))", at: index)
          }
          try checkNotTerminated()
          group = (index, 0)
        case ")":
          guard let open = group else { throw MarbleSyntaxError("`)` without a matching `(`", at: index) }
          if open.count == 0 { throw MarbleSyntaxError("empty group `()`", at: open.start) }
          group = nil
          try advance(by: frame)
        case "|":
          try emit(.finished)
          terminal = index
        case "#":
          try emit(.failed(failureMessage))
          terminal = index
        case "'":
          guard let close = characters[(index + 1)...].firstIndex(of: "'") else {
            throw MarbleSyntaxError("unclosed quote `'`", at: index)
          }
          let content = String(characters[(index + 1)..<close])
          try emit(.value(Int(content).map(Value.int) ?? .string(content)))
          index = close
        default:
          let value: Value =
            if character.isASCII, let digit = character.wholeNumberValue { .int(digit) } else {
              .string(String(character))
            }
          try emit(.value(value))
        }
        index += 1
      }
      if let group { throw MarbleSyntaxError("unclosed group `(`", at: group.start) }
      return events
    }

    /// True at the string's start or just after a space: where RxJS allows a
    /// time progression to begin.
    private var isAtTokenStart: Bool { index == 0 || characters[index - 1] == " " }

    /// Reads a time literal such as `500ms` or `1.5s` standing alone before
    /// a space or the end, returning its length and duration. Returns nil
    /// when the characters are plain values (`1 2`); throws when they look
    /// like a time with a wrong unit (`5sec`).
    private func timeProgression() throws(MarbleSyntaxError) -> (Int, VirtualInterval)? {
      var end = index
      while end < characters.count, characters[end] != " " { end += 1 }
      let token = String(characters[index..<end])
      let number = token.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
      let unit = token.dropFirst(number.count)
      guard !unit.isEmpty, unit.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
      let scale: Double
      switch unit {
      case "ms": scale = 1_000_000
      case "s": scale = 1_000_000_000
      case "us": scale = 1_000
      default: throw MarbleSyntaxError("bad time literal `\(token)`: use ms, s or us", at: index)
      }
      guard let amount = Double(number), number.first != ".", number.last != "." else {
        throw MarbleSyntaxError("bad time literal `\(token)`", at: index)
      }
      let nanoseconds = (amount * scale).rounded()
      guard nanoseconds < Double(Int.max) else {
        throw MarbleSyntaxError("time literal `\(token)` is too long", at: index)
      }
      return (token.count, VirtualInterval(nanoseconds: Int(nanoseconds)))
    }

    private mutating func emit(_ kind: TimedEvent.Kind) throws(MarbleSyntaxError) {
      try checkNotTerminated()
      events.append(TimedEvent(time, kind))
      if group != nil {
        group?.count += 1
      } else {
        try advance(by: frame)
      }
    }

    private func checkNotTerminated() throws(MarbleSyntaxError) {
      guard let terminal else { return }
      let symbol = characters[terminal]
      throw MarbleSyntaxError("nothing can follow `\(symbol)` (at \(terminal)) except `-` and time", at: index)
    }

    private mutating func advance(by interval: VirtualInterval) throws(MarbleSyntaxError) {
      let (sum, overflow) = time.nanoseconds.addingReportingOverflow(interval.nanoseconds)
      if overflow { throw MarbleSyntaxError("the diagram is too long", at: index) }
      time = VirtualInterval(nanoseconds: sum)
    }
  }
}
