import StreamCore

@testable import Marbles

/// A text diagram read back from its text: per row, the instants its marbles
/// draw (each symbol at the time of its column) and what the row says in
/// words that it leaves out (`… 3 more values 2000–2300ms`).
///
/// Reading needs what a student reads off the screen: the frame under the
/// axis, where each window starts (`TextDiagram.cut`), the legend, and
/// whether a row's values are one column wide (`ValueKind`), which tells
/// `12` the Int from `1` then `2`.
struct DrawnDiagram {
  /// How a row's values are written, for reading a run of characters.
  enum ValueKind {
    /// Ints 0–9 (and letters): every character is one value.
    case digits
    /// Ints of two or more digits, or strings holding a character no
    /// letter has (`i5`, `x.y`): a run of characters is one value, unless
    /// every character of it is a legend letter.
    case wide
  }

  /// One instant drawn: its time and its symbols, values written as
  /// `Value.description` (`10`, `"ipad"`), `*` for a value without a letter.
  struct Instant: Equatable, CustomStringConvertible {
    var time: VirtualTime
    var symbols: [String]
    var description: String { "\(time):\(symbols.joined(separator: " "))" }
  }

  /// What a row says it leaves out.
  struct LeftOut: Equatable {
    var count: Int
    var from: VirtualTime
    var to: VirtualTime
  }

  struct Row {
    var instants: [Instant] = []
    var leftOut: LeftOut?
  }

  var rows: [Row] = []
  /// Letters and what they stand for, from the legend under the diagram.
  var legend: [String: String] = [:]
  /// Problems met while reading: a line that is not where it should be.
  var problems: [String] = []

  /// Reads the rows labelled `labels` (short labels, one line each) of `text`.
  init(
    text: String, labels: [String], width: Int, frame: VirtualInterval, windows: [ClosedRange<Int>],
    kinds: [ValueKind]
  ) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let labelColumn = min(labels.map(\.terminalColumns).max() ?? 0, max(12, max(width, 20) * 2 / 5 - 4))
    let left = 2 + labelColumn + 2
    for line in lines where line.contains(" = ") && !line.hasPrefix("# = ") && !line.hasPrefix("note:") {
      for entry in line.components(separatedBy: "   ") {
        let parts = entry.components(separatedBy: " = ")
        if parts.count == 2, parts[0].count == 1 { legend[parts[0]] = parts[1] }
      }
    }
    var index = 0
    for (rowIndex, label) in labels.enumerated() {
      while index < lines.count, !Self.isRow(lines[index], label: label) { index += 1 }
      guard index < lines.count else {
        problems.append("no line for row \(label)")
        rows.append(Row())
        continue
      }
      // A label longer than the label column has a line of its own.
      if label.terminalColumns > labelColumn { index += 1 }
      guard index < lines.count else { break }
      var text = String(lines[index].dropFirst(left))
      index += 1
      var sentence: String?
      if let range = text.range(of: "  \u{2026} ") {
        sentence = String(text[range.lowerBound...]).trimmingCharacters(in: .whitespaces)
        text = String(text[..<range.lowerBound])
      }
      // A sentence too long for the line is under the marbles, wrapped.
      while index < lines.count, lines[index].hasPrefix(String(repeating: " ", count: left)),
        let first = lines[index].dropFirst(left).first, first != "+", first != "-"
      {
        let part = lines[index].dropFirst(left)
        sentence = sentence.map { $0 + " " + part } ?? String(part)
        index += 1
      }
      var row = Row()
      row.instants = readMarbles(
        text, frame: frame, windows: windows, kind: kinds[rowIndex], label: label)
      if let sentence { row.leftOut = readLeftOut(sentence, label: label) }
      rows.append(row)
    }
  }

  private static func isRow(_ line: String, label: String) -> Bool {
    (line.hasPrefix("> ") || line.hasPrefix("  "))
      && (line.dropFirst(2).hasPrefix(label + " ") || line.dropFirst(2) == label)
  }

  /// The instants of one row's marbles, window by window.
  private mutating func readMarbles(
    _ text: String, frame: VirtualInterval, windows: [ClosedRange<Int>], kind: ValueKind, label: String
  ) -> [Instant] {
    let width = windows.reduce(0) { $0 + $1.count } + 3 * (windows.count - 1)
    var characters = Array(text)
    guard characters.count <= width else {
      problems.append("\(label): marbles wider than the windows: \(text)")
      return []
    }
    characters += Array(repeating: " ", count: width - characters.count)
    var instants: [Instant] = []
    var position = 0
    for (index, window) in windows.enumerated() {
      if index > 0 {
        if String(characters[position..<position + 3]) != " ~ " {
          problems.append("\(label): no ` ~ ` at character \(position): \(text)")
        }
        position += 3
      }
      let segment = Array(characters[position..<position + window.count])
      position += window.count
      for (offset, symbols) in tokens(segment, kind: kind) {
        let column = window.lowerBound + offset
        instants.append(Instant(time: VirtualTime(nanoseconds: column * frame.nanoseconds), symbols: symbols))
      }
    }
    return instants
  }

  private static let marks: Set<Character> = ["|", "#", "^", "!", "\u{00D7}"]
  private static let notValue: Set<Character> = ["-", " ", "(", ")", "|", "#", "^", "!", "\u{00D7}", "\u{2026}", "~"]

  /// The tokens of one window's characters, each at its offset.
  private func tokens(_ characters: [Character], kind: ValueKind) -> [(Int, [String])] {
    var result: [(Int, [String])] = []
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "-" || character == " " || character == "\u{2026}" {
        index += 1
      } else if character == "(" {
        var end = index + 1
        while end < characters.count, characters[end] != ")" { end += 1 }
        let inner = String(characters[(index + 1)..<min(end, characters.count)])
        result.append((index, inner.split(separator: " ").map { symbol(String($0)) }))
        index = end + 1
      } else if Self.marks.contains(character) {
        result.append((index, [String(character)]))
        index += 1
      } else {
        var end = index
        while end < characters.count, !Self.notValue.contains(characters[end]) { end += 1 }
        let run = characters[index..<end]
        let oneEach = kind == .digits || run.allSatisfy { legend[String($0)] != nil || $0 == "*" }
        if oneEach {
          for (offset, character) in run.enumerated() { result.append((index + offset, [symbol(String(character))])) }
        } else {
          result.append((index, [symbol(String(run))]))
        }
        index = max(end, index + 1)
      }
    }
    return result
  }

  /// A symbol as the recorded events are written: a letter as its value.
  private func symbol(_ text: String) -> String {
    if text.count == 1, Self.marks.contains(text.first!) || text == "*" || text == "~" { return text }
    if let value = legend[text] { return value }
    if Int(text) != nil { return text }
    return Value.string(text).description
  }

  /// `… 3 more values 2000–2300ms` or `… 1 more event at 700ms`.
  private mutating func readLeftOut(_ sentence: String, label: String) -> LeftOut? {
    let words = sentence.split(separator: " ").map(String.init)
    guard words.count >= 5, words[0] == "\u{2026}", let count = Int(words[1]), words[2] == "more" else {
      problems.append("\(label): unreadable sentence: \(sentence)")
      return nil
    }
    func time(_ text: Substring) -> VirtualTime? {
      let digits = text.hasSuffix("ms") ? text.dropLast(2) : text
      return Double(digits).map { VirtualTime(nanoseconds: Int(($0 * 1_000_000).rounded())) }
    }
    if words[4] == "at", words.count == 6, let at = time(Substring(words[5])) {
      return LeftOut(count: count, from: at, to: at)
    }
    let range = words[4].split(separator: "\u{2013}")
    guard range.count == 2, let from = time(range[0]), let to = time(range[1]) else {
      problems.append("\(label): unreadable times: \(sentence)")
      return nil
    }
    return LeftOut(count: count, from: from, to: to)
  }
}

extension Timeline {
  /// The row's instants as `DrawnDiagram` reads them: every event a diagram
  /// draws, values written as `Value.description`.
  var recordedInstants: [DrawnDiagram.Instant] {
    var instants: [DrawnDiagram.Instant] = []
    for event in events {
      let symbol: String
      switch event.kind {
      case .value(let value): symbol = value.description
      case .finished: symbol = "|"
      case .failed: symbol = "#"
      case .subscribed:
        guard event.time != .zero else { continue }
        symbol = "^"
      case .cancelled: symbol = "!"
      case .dropped: symbol = "\u{00D7}"
      case .requested: continue
      }
      if instants.last?.time == event.time {
        instants[instants.count - 1].symbols.append(symbol)
      } else {
        instants.append(DrawnDiagram.Instant(time: event.time, symbols: [symbol]))
      }
    }
    return instants
  }
}
