import StreamCore

/// How the values of one diagram are written inside its marbles: short ones
/// as themselves, every other one as a letter explained under the diagram
/// (`a = "iphone"`).
///
/// One legend serves the whole diagram, so a value keeps its letter on every
/// row and the student can follow it through the stages.
struct ValueLegend {
  /// Whether values wider than one column may stay inline. When they do not
  /// fit the chosen frame, the layout asks again with letters only.
  enum Mode {
    case inline
    case lettersOnly
  }

  /// Letters in the order they are handed out; `*` stands for the rest once
  /// they are used up.
  private static let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
  static let overflowSymbol = "*"

  let mode: Mode
  let maxInlineWidth: Int
  private var letters: [Value: String] = [:]
  /// The values that got a letter, in the order they first appear.
  private(set) var lettered: [(letter: String, value: Value)] = []
  /// True when some value had to be drawn as `*` because the letters ran out.
  private(set) var overflowed = false

  /// Hands out letters to `values` (in order of first appearance) that cannot
  /// be written inline under `mode`, skipping letters already used inline so
  /// that `a` never means two things.
  init(values: [Value], mode: Mode, maxInlineWidth: Int) {
    self.mode = mode
    self.maxInlineWidth = maxInlineWidth
    var taken = Set<String>()
    var needLetters: [Value] = []
    var seen = Set<Value>()
    for value in values where seen.insert(value).inserted {
      if let text = Self.inlineText(value, maxWidth: mode == .inline ? maxInlineWidth : 1) {
        taken.insert(text)
      } else {
        needLetters.append(value)
      }
    }
    var free = Self.alphabet.map(String.init).filter { !taken.contains($0) }[...]
    for value in needLetters {
      if let letter = free.popFirst() {
        letters[value] = letter
        lettered.append((letter, value))
      } else {
        letters[value] = Self.overflowSymbol
        overflowed = true
      }
    }
  }

  /// True when this legend writes `value` as a letter.
  func needsLetter(_ value: Value) -> Bool {
    Self.inlineText(value, maxWidth: mode == .inline ? maxInlineWidth : 1) == nil
  }

  /// The text that stands for `value` in a marble row.
  func token(for value: Value) -> String {
    if let letter = letters[value] { return letter }
    // A value this legend was not told about is one that is not on screen; it
    // still takes the width it would take, so the layout stays the same.
    return Self.inlineText(value, maxWidth: mode == .inline ? maxInlineWidth : 1) ?? Self.overflowSymbol
  }

  /// The legend entries, such as `a = "iphone"`.
  var entries: [String] {
    var entries = lettered.map { "\($0.letter) = \(Self.legendText($0.value))" }
    if overflowed { entries.append("\(Self.overflowSymbol) = other values (the event list shows them)") }
    return entries
  }

  /// A value as the legend explains it. A stream that was drawn as an inner
  /// row is named by that row: every stream one closure makes has the same
  /// closure text, so the text would not tell them apart.
  private static func legendText(_ value: Value) -> String {
    if case .stream(let stream) = value, let row = stream.innerRow { return "the inner row \(row)" }
    return value.description
  }

  /// Characters that mean something else in a marble row, so a value
  /// containing one is always given a letter.
  private static let reserved: Set<Character> = ["-", "|", "#", "(", ")", "^", "!", "~", "'", "\"", "*"]

  /// The value written as itself, or nil when it needs a letter: too wide,
  /// containing a marble symbol, a string that would read as a number, a
  /// boolean or nil, or a duration that would read as a time literal.
  static func inlineText(_ value: Value, maxWidth: Int) -> String? {
    switch value {
    case .duration, .stream, .tuple: return nil
    case .string(let text):
      if Int(text) != nil || Double(text) != nil || ["true", "false", "nil"].contains(text) { return nil }
    default: break
    }
    let text = value.marbleText
    guard !text.isEmpty, text.count <= maxWidth else { return nil }
    let printable = text.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F }
    guard printable, !text.contains(where: reserved.contains) else { return nil }
    return text
  }
}
