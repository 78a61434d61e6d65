import Testing

@testable import Lessons

@Suite struct AnswerRewriterTests {
  private func rewrite(_ text: String, exercise: Int = 1, answer: String) -> String {
    let (file, _) = LessonParser().parse(text, fileName: "l.txt")
    return AnswerRewriter.rewrite(file, exercise: exercise, answer: answer)
  }

  @Test func fillsAnEmptyAnswerLineAndKeepsEveryOtherByte() {
    let text = LessonParserTests.sketch
    let rewritten = rewrite(text, answer: "typing | debounce 300ms")
    #expect(rewritten == text.replacingOccurrences(of: "answer:\n", with: "answer: typing | debounce 300ms\n"))
    #expect(Array(rewritten.utf8).count == Array(text.utf8).count + " typing | debounce 300ms".utf8.count)
  }

  @Test func replacesAnOldAnswerIncludingItsContinuationLines() {
    let text =
      "title: T\nexercise: A\nsolution: just 1\nanswer: just 9\n  | map x\nhint: after\n\nexercise: B\nsolution: just 2\nanswer: keep me\n"
    let rewritten = rewrite(text, answer: "just 1")
    #expect(
      rewritten
        == "title: T\nexercise: A\nsolution: just 1\nanswer: just 1\nhint: after\n\nexercise: B\nsolution: just 2\nanswer: keep me\n"
    )
  }

  @Test func keepsCrlfLineEndingsAndTrailingSpacesElsewhere() {
    let text = "title: T  \r\nexercise: A\r\nsolution: just 1\r\nanswer:\r\n\r\nProse after.\t\r\n"
    let rewritten = rewrite(text, answer: "just 1")
    #expect(
      Array(rewritten.utf8)
        == Array("title: T  \r\nexercise: A\r\nsolution: just 1\r\nanswer: just 1\r\n\r\nProse after.\t\r\n".utf8))
  }

  @Test func addsAnAnswerLineAfterTheLastFieldWhenThereIsNone() {
    let text = "title: T\nexercise: A\nsolution: just 1\nhint: h\n\nSome prose.\nexercise: B\nsolution: just 2"
    #expect(
      rewrite(text, exercise: 1, answer: "just 1")
        == "title: T\nexercise: A\nsolution: just 1\nhint: h\nanswer: just 1\n\nSome prose.\nexercise: B\nsolution: just 2"
    )
    // At the very end of a file without a final newline, the file still ends without one.
    #expect(
      rewrite(text, exercise: 2, answer: "just 2")
        == "title: T\nexercise: A\nsolution: just 1\nhint: h\n\nSome prose.\nexercise: B\nsolution: just 2\nanswer: just 2"
    )
  }

  @Test func writesMultiLineAnswersAsContinuationLinesThatReadBack() throws {
    let text = "title: T\nexercise: A\nsolution: just 1\nanswer:\n"
    let rewritten = rewrite(text, answer: "let a = just 1\n\na | map x")
    #expect(rewritten == "title: T\nexercise: A\nsolution: just 1\nanswer: let a = just 1\n  a | map x\n")
    let (file, errors) = LessonParser().parse(rewritten, fileName: "l.txt")
    #expect(errors.isEmpty)
    #expect(file.exercises.first?.answerText == "let a = just 1\na | map x")
  }

  @Test func keepsNonAsciiBytesAroundTheAnswer() {
    let text = "title: Débounce — “quiet” 🙂\nexercise: É\nsolution: just \"é\"\nanswer: old\nhint: ü\n"
    #expect(
      rewrite(text, answer: "just \"é\"")
        == "title: Débounce — “quiet” 🙂\nexercise: É\nsolution: just \"é\"\nanswer: just \"é\"\nhint: ü\n")
  }
}
