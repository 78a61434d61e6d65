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
    var unique: [Value] = []
    var seen = Set<Value>()
    for value in values where seen.insert(value).inserted { unique.append(value) }
    let maxWidth = mode == .inline ? maxInlineWidth : 1
    // A string that reads as a number ("1", from `marbles "--1-2|"` typed as
    // Strings) is written as itself unless some other value on the diagram
    // is written with the same text: only then could "1" be taken for 1.
    // Each value's texts are worked out once: a long run has a million
    // distinct values, and making their text twice cost seconds.
    let inlineTexts = unique.map { Self.inlineText($0, maxWidth: maxWidth) }
    let lookalikes = unique.map { Self.lookalikeText($0, maxWidth: maxWidth) }
    let plainTexts = Set(inlineTexts.compactMap { $0 })
    var lookalikeTexts: [String: Int] = [:]
    for text in lookalikes.compactMap({ $0 }) { lookalikeTexts[text, default: 0] += 1 }
    var inlineLookalikes = Set<Value>()
    var taken = Set<String>()
    var needLetters: [Value] = []
    for (index, value) in unique.enumerated() {
      var text = inlineTexts[index]
      if let lookalike = lookalikes[index], !plainTexts.contains(lookalike), lookalikeTexts[lookalike] == 1 {
        inlineLookalikes.insert(value)
        text = lookalike
      }
      if let text {
        taken.insert(text)
      } else {
        needLetters.append(value)
      }
    }
    self.inlineLookalikes = inlineLookalikes
    var free = Self.alphabet.map(String.init).filter { !taken.contains($0) }[...]
    for value in needLetters {
      guard let letter = free.popFirst() else {
        // The rest are `*`, which `token(for:)` writes for any value without
        // a letter: a million of them need no entry each.
        overflowed = true
        break
      }
      letters[value] = letter
      lettered.append((letter, value))
    }
  }

  /// Strings that read as a number, a boolean or nil but are written as
  /// themselves on this diagram, nothing else being written the same way.
  private var inlineLookalikes: Set<Value> = []

  /// The text `value` is written as inside a marble on this diagram, or nil
  /// when it gets a letter.
  private func inline(_ value: Value) -> String? {
    let maxWidth = mode == .inline ? maxInlineWidth : 1
    if !inlineLookalikes.isEmpty, inlineLookalikes.contains(value) {
      return Self.lookalikeText(value, maxWidth: maxWidth)
    }
    return Self.inlineText(value, maxWidth: maxWidth)
  }

  /// True when this legend writes `value` as a letter.
  func needsLetter(_ value: Value) -> Bool {
    inline(value) == nil
  }

  /// The text that stands for `value` in a marble row.
  func token(for value: Value) -> String {
    if let letter = letters[value] { return letter }
    // A value this legend was not told about is one that is not on screen; it
    // still takes the width it would take, so the layout stays the same.
    return inline(value) ?? Self.overflowSymbol
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
      if readsAsAnotherType(text) { return nil }
    default: break
    }
    return drawable(value.marbleText, maxWidth: maxWidth)
  }

  /// The columns `value` takes in a marble row when it has no lookalike
  /// rule to follow (see `mayLookAlike`): its inline text, or one column for
  /// a letter or `*`. An `Int` is measured without making its text, as a long
  /// run's layout measures a million of them at every frame it tries.
  static func inlineWidth(_ value: Value, maxWidth: Int) -> Int {
    guard case .int(let number) = value else { return inlineText(value, maxWidth: maxWidth)?.count ?? 1 }
    // `-` is a marble symbol, so a negative number always has a letter.
    guard number >= 0 else { return 1 }
    var digits = 1
    var rest = number / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    return digits <= maxWidth ? digits : 1
  }

  /// True for a string that reads as a number, a boolean or nil, whose
  /// width depends on the other values of the diagram.
  static func mayLookAlike(_ value: Value) -> Bool {
    guard case .string(let text) = value else { return false }
    return readsAsAnotherType(text)
  }

  /// The text of a string that would read as a number, a boolean or nil, if
  /// it is short and plain enough to be written as itself.
  private static func lookalikeText(_ value: Value, maxWidth: Int) -> String? {
    guard case .string(let text) = value, readsAsAnotherType(text) else { return nil }
    return drawable(text, maxWidth: maxWidth)
  }

  private static func readsAsAnotherType(_ text: String) -> Bool {
    Int(text) != nil || Double(text) != nil || ["true", "false", "nil"].contains(text)
  }

  /// `text` if it fits a marble: not empty, at most `maxWidth` wide, printable
  /// ASCII without a marble symbol.
  private static func drawable(_ text: String, maxWidth: Int) -> String? {
    guard !text.isEmpty, text.count <= maxWidth else { return nil }
    // An assertions row's marks (issue 32): one column each, drawn as themselves.
    if text == "\u{2713}" || text == "\u{2717}" { return text }
    let printable = text.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F }
    guard printable, !text.contains(where: reserved.contains) else { return nil }
    return text
  }
}
