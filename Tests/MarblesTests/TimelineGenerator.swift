import StreamCore

/// Random but reproducible rows for property tests: a seeded generator, so a
/// failing case can be replayed from its seed.
struct TimelineGenerator {
  private var random: SplitMix64

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  mutating func next() -> UInt64 { random.next() }

  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }

  /// A value a marble string can make: a small Int, or a string of letters.
  /// A row holds one of the two kinds, as a well-typed publisher's row does.
  mutating func value(strings: Bool) -> Value {
    if strings {
      // `m`, `s` and `u` are time units, which a digit before them could
      // turn into a time literal; `é` and a space need quotes.
      let letters = Array("abmsuxyzé ")
      let text = String((0..<int(1...4)).map { _ in letters[int(0...letters.count - 1)] })
      return .string(text == " " ? "s" : text)
    }
    switch int(0...5) {
    case 0: return .int(int(10...250))
    case 1: return .int(-int(1...30))
    default: return .int(int(0...9))
    }
  }

  /// A row subscribed at 0 whose events sit on multiples of a random frame:
  /// one to three events per instant, then maybe a terminal.
  mutating func row() -> Timeline {
    let frame = [10, 25, 50, 100, 200][int(0...4)]
    var events = [TimelineEvent(time: .zero, kind: .subscribed)]
    var slot = int(0...1) == 0 ? 0 : int(1...3)
    let strings = int(0...2) == 0
    for _ in 0..<int(0...12) {
      let time = VirtualTime.milliseconds(slot * frame)
      for _ in 0..<(int(0...4) == 0 ? int(2...3) : 1) {
        events.append(TimelineEvent(time: time, kind: .value(value(strings: strings))))
      }
      slot += int(0...1) == 0 ? 1 : int(2...5)
    }
    switch int(0...3) {
    case 0: break
    case 1: events.append(TimelineEvent(time: .milliseconds(slot * frame), kind: .failed("error")))
    default:
      // Sometimes in the same instant as the last value, as `just` and `take` finish.
      let time = int(0...1) == 0 ? (events.last?.time ?? .zero) : .milliseconds(slot * frame)
      events.append(TimelineEvent(time: time, kind: .finished))
    }
    return Timeline(label: "generated", pipeline: 0, stage: 0, isOutput: true, events: events)
  }
}
