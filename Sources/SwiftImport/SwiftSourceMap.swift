import StreamLang

/// Where each piece of the short form came from in the pasted Swift, so a
/// diagnostic about the lowered program (type checker, builder, parser of
/// the short form) points at the Swift the student wrote, not at text they
/// never typed.
///
/// Lowering records, per statement of the short form, the Swift statement
/// it came from, and, as it writes them, each stage and each expression with
/// its Swift range. A position in the short form is mapped to the smallest
/// recorded piece around it on its line, else to the statement's Swift.
public struct SwiftSourceMap: Hashable {
  /// A stretch of short-form text and the Swift it was written from.
  struct Fragment: Hashable {
    var text: String
    var swift: SourceRange
  }

  /// The Swift statement each line of the short form came from (one line a statement).
  var statementRanges: [SourceRange] = []
  /// Stages and expressions in the order lowering wrote them.
  var fragments: [Fragment] = []

  /// The Swift range for `range` in `program` (the short form this map was
  /// made with), or nil when the map knows no statement (an empty program).
  public func swiftRange(for range: SourceRange, in program: String) -> SourceRange? {
    guard !statementRanges.isEmpty else { return nil }
    let line = Self.line(containing: range.start, in: program)
    let statement = statementRanges[min(line.index, statementRanges.count - 1)]
    let start = range.start - line.start
    let end = max(start, range.end - line.start)
    let bytes = Array(line.text.utf8)
    var best: (fragment: Fragment, inside: Bool)?
    for fragment in fragments where Self.occurs(Array(fragment.text.utf8), around: start..<end, in: bytes) {
      // The smallest piece around the position; of equal ones, one from this statement's Swift.
      let inside = statement.start <= fragment.swift.start && fragment.swift.end <= statement.end
      if let current = best {
        let (length, currentLength) = (fragment.text.utf8.count, current.fragment.text.utf8.count)
        guard length < currentLength || (length == currentLength && inside && !current.inside) else { continue }
      }
      best = (fragment, inside)
    }
    return best?.fragment.swift ?? statement
  }

  /// The Swift a stage of the short form (`map 10 / $0`, as a runtime
  /// error names it) was lowered from: the first stage written with that text.
  public func swiftRange(ofStage stage: String) -> SourceRange? {
    fragments.first { $0.text == stage }?.swift
  }

  /// `diagnostic`, found in `program`, moved into the Swift, with the short
  /// form's line in its note so students learn how streamlab read it.
  public func pointingIntoSwift(_ diagnostic: Diagnostic, in program: String) -> Diagnostic {
    guard let swift = swiftRange(for: diagnostic.range, in: program) else { return diagnostic }
    var moved = diagnostic
    moved.range = swift
    let reading = "streamlab reads this as `\(Self.line(containing: diagnostic.range.start, in: program).text)`"
    moved.note = diagnostic.note.map { $0 + "; " + reading } ?? reading
    return moved
  }

  /// The line of `text` holding byte `offset`: its number from 0, first byte and text.
  private static func line(containing offset: Int, in text: String) -> (index: Int, start: Int, text: String) {
    var (index, start) = (0, 0)
    for (position, byte) in text.utf8.enumerated() where byte == UInt8(ascii: "\n") {
      if position >= offset { break }
      (index, start) = (index + 1, position + 1)
    }
    let rest = text.utf8.dropFirst(start)
    let end = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
    return (index, start, String(decoding: rest[..<end], as: UTF8.self))
  }

  /// True when `piece` is written in `line` somewhere that covers `range`:
  /// only the starts that could cover it are tried, so a long paste stays quick.
  private static func occurs(_ piece: [UInt8], around range: Range<Int>, in line: [UInt8]) -> Bool {
    guard !piece.isEmpty, piece.count >= range.count, piece.count <= line.count else { return false }
    let first = max(0, range.upperBound - piece.count)
    let last = min(range.lowerBound, line.count - piece.count)
    guard first <= last else { return false }
    return (first...last).contains { line[$0..<($0 + piece.count)].elementsEqual(piece) }
  }
}

/// Collects the map while lowering: a reference, so the non-mutating
/// functions that write stages and expressions can record them.
final class SourceMapRecorder {
  var map = SwiftSourceMap()

  func record(_ text: String, from swift: SourceRange) {
    map.fragments.append(SwiftSourceMap.Fragment(text: text, swift: swift))
  }
}
