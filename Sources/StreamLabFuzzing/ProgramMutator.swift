import Foundation
import StreamCore
import StreamLang

/// Grammar-aware mutations of program text, so that most fuzz inputs still
/// parse and reach the engine: swap a source or operator for another of the
/// same role, change a number or a time unit, insert or delete a stage, nest
/// a braced pipeline, duplicate or drop a line. Byte-level mutations (with the
/// keyword dictionary) are libFuzzer's own; `streamlab-fuzz` mixes both.
public struct ProgramMutator {
  private var random: SplitMix64

  public init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  /// One mutation of `text`, never longer than `maxBytes` UTF-8 bytes.
  public mutating func mutate(_ text: String, maxBytes: Int) -> String {
    var result = text
    // One to three edits at a time reaches nested shapes sooner than one.
    for _ in 0..<Int.random(in: 1...2, using: &random) { result = mutateOnce(result) }
    if result.utf8.count > maxBytes { return String(decoding: result.utf8.prefix(maxBytes), as: UTF8.self) }
    return result
  }

  private mutating func mutateOnce(_ text: String) -> String {
    // Edits that keep the grammar come first; a raw fragment anywhere
    // (which mostly makes a parse error) is one choice in ten.
    switch Int.random(in: 0..<10, using: &random) {
    case 0, 1: return swapKeyword(in: text)
    case 2: return changeNumber(in: text)
    case 3: return changeUnit(in: text)
    case 4, 5: return insertStage(into: text)
    case 6: return deleteStage(from: text)
    case 7: return nestPipeline(into: text)
    case 8: return editLines(of: text)
    default: return insert(pick(Self.fragments), into: text)
    }
  }

  // MARK: - Keywords

  private static let sourceNames = Keywords.sources.map(\.name)
  private static let operatorNames = Keywords.operators.map(\.name)
  private static let operatorExamples = Keywords.operators.map(\.example)
  private static let sourceExamples = Keywords.sources.map(\.example)
  /// Pieces of syntax the grammar has besides keywords.
  private static let fragments = [
    " | ", "{ ", " }", "let s = ", "connect s @100ms\n", "\n", ", ", "x", "acc", "{ a, b in a + b }", "$0",
    "\"a\"", "...", "..<", " == ", " && ", " ? 1 : 2", "-1", "0", "1e308", "9223372036854775807", "frame 50ms",
    "events 0ms:1, 100ms:|", "marbles \"-a-b#\"", "current 0, 100ms:1", "subject", "share", "@0ms", "where ",
    "while ", "or 3",
  ]

  private mutating func swapKeyword(in text: String) -> String {
    let words = wordRanges(in: text)
    guard let range = words.randomElement(using: &random) else { return insert(pick(Self.sourceExamples), into: text) }
    let word = String(text[range])
    let replacement =
      Self.sourceNames.contains(word)
      ? pick(Self.sourceNames)
      : Self.operatorNames.contains(word)
        ? pick(Self.operatorNames) : pick(Self.sourceNames + Self.operatorNames)
    return text.replacingCharacters(in: range, with: replacement)
  }

  private mutating func wordRanges(in text: String) -> [Range<String.Index>] {
    var ranges: [Range<String.Index>] = []
    var start: String.Index?
    for index in text.indices {
      if text[index].isLetter {
        if start == nil { start = index }
      } else if let first = start {
        ranges.append(first..<index)
        start = nil
      }
    }
    if let first = start { ranges.append(first..<text.endIndex) }
    return ranges
  }

  // MARK: - Numbers and times

  private static let numbers = [
    "0", "1", "2", "3", "5", "10", "50", "100", "300", "1000", "5000", "99999", "65536", "2147483648",
    "9223372036854775807", "18446744073709551616", "-1", "0.5", "1e9",
  ]

  private mutating func changeNumber(in text: String) -> String {
    var ranges: [Range<String.Index>] = []
    var start: String.Index?
    for index in text.indices {
      if text[index].isASCII && text[index].isNumber {
        if start == nil { start = index }
      } else if let first = start {
        ranges.append(first..<index)
        start = nil
      }
    }
    if let first = start { ranges.append(first..<text.endIndex) }
    guard let range = ranges.randomElement(using: &random) else { return insert(pick(Self.numbers), into: text) }
    return text.replacingCharacters(in: range, with: pick(Self.numbers))
  }

  private mutating func changeUnit(in text: String) -> String {
    // A unit is a `ms` or `s` right after a digit; sometimes it becomes one the language lacks.
    let units = ["ms", "s", "ms", "s", "", "us"]
    let positions = text.indices.filter { index in
      index != text.startIndex && text[text.index(before: index)].isNumber && (text[index] == "m" || text[index] == "s")
    }
    guard let start = positions.randomElement(using: &random) else { return changeNumber(in: text) }
    let end = text[start...].hasPrefix("ms") ? text.index(start, offsetBy: 2) : text.index(after: start)
    return text.replacingCharacters(in: start..<end, with: pick(units))
  }

  // MARK: - Stages

  /// Positions just before a `|` or a line end: where a new stage can go.
  private func stageEnds(in text: String) -> [String.Index] {
    text.indices.filter { text[$0] == "|" || text[$0] == "\n" || text[$0] == "}" } + [text.endIndex]
  }

  private mutating func insertStage(into text: String) -> String {
    let position = pick(stageEnds(in: text))
    var copy = text
    copy.insert(contentsOf: " | " + pick(Self.operatorExamples) + " ", at: position)
    return copy
  }

  private mutating func deleteStage(from text: String) -> String {
    let bars = text.indices.filter { text[$0] == "|" }
    guard let bar = bars.randomElement(using: &random) else { return text }
    let end = text[text.index(after: bar)...].firstIndex(where: { $0 == "|" || $0 == "\n" }) ?? text.endIndex
    var copy = text
    copy.removeSubrange(bar..<end)
    return copy
  }

  private mutating func nestPipeline(into text: String) -> String {
    let inner = pick(Self.sourceExamples) + (Bool.random(using: &random) ? " | " + pick(Self.operatorExamples) : "")
    let stage = pick(["zip", "merge", "combineLatest", "flatMap", "switchToLatest", "catch", "append", "deferred"])
    var copy = text
    copy.insert(contentsOf: " | \(stage) { \(inner) } ", at: pick(stageEnds(in: text)))
    return copy
  }

  // MARK: - Lines

  private mutating func editLines(of text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard !lines.isEmpty else { return text }
    let index = Int.random(in: 0..<lines.count, using: &random)
    switch Int.random(in: 0..<3, using: &random) {
    case 0: lines.insert(lines[index], at: index)
    case 1: lines.remove(at: index)
    default: lines.swapAt(index, Int.random(in: 0..<lines.count, using: &random))
    }
    return lines.joined(separator: "\n")
  }

  private mutating func insert(_ piece: String, into text: String) -> String {
    var copy = text
    let positions = Array(text.indices) + [text.endIndex]
    copy.insert(contentsOf: piece, at: pick(positions))
    return copy
  }

  private mutating func pick<T>(_ choices: [T]) -> T {
    choices[Int.random(in: 0..<choices.count, using: &random)]
  }
}
