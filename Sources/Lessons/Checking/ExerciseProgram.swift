/// The one program an exercise runs: its givens, then the answer, each on its
/// own line, so they share one virtual clock and the answer can use the givens' names.
struct ExerciseProgram {
  /// Which part of the program a stretch of text came from.
  enum Part: Hashable {
    case given(Int)
    case answer
  }

  /// One part's place in the program text.
  struct Segment {
    var part: Part
    var range: Range<Int>
  }

  private(set) var text = ""
  private(set) var segments: [Segment] = []

  init(givens: [FieldText], answer: String?) {
    for (index, given) in givens.enumerated() { add(given.text, as: .given(index)) }
    if let answer { add(answer, as: .answer) }
  }

  private mutating func add(_ part: String, as role: Part) {
    if !text.isEmpty { text += "\n" }
    let start = text.utf8.count
    text += part
    segments.append(Segment(part: role, range: start..<text.utf8.count))
  }

  /// The answer's range in the program text (empty at the end when there is none).
  var answerRange: Range<Int> {
    segments.first(where: { $0.part == .answer })?.range ?? text.utf8.count..<text.utf8.count
  }

  /// The part holding a program offset, and the offset inside that part.
  func locate(_ offset: Int) -> (part: Part, offset: Int)? {
    let segment = segments.last(where: { $0.range.lowerBound <= offset }) ?? segments.first
    guard let segment else { return nil }
    return (segment.part, max(0, offset - segment.range.lowerBound))
  }
}
