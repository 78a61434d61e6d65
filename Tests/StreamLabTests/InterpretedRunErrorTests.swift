import StreamCore
import StreamLab
import Testing

/// A paste whose run stops before it subscribes or prints anything is the
/// interpreter's to answer: its runtime error, not the short-form reader's
/// refusal of the statement (which the interpreter ran).
@Suite struct InterpretedRunErrorTests {
  @Test func anEndlessLoopStopsWithTheStatementBudgetAndExitsOne() {
    let answer = FrontDoor.evaluate(FrontDoorRequest("var n = 0\nwhile true { n += 1 }", language: .swift))
    #expect(answer.exitStatus == 1)
    let words = answer.document.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("line 2:1, while true { n += 1 }"), "\(answer.document)")
    #expect(words.contains("without ending (a loop that never stops?)"), "\(answer.document)")
  }

  @Test func aPasteThatOnlyDeclaresIsStillLeftToTheReader() {
    // `Just(1)` alone subscribes nothing when run; the reader draws it, as before.
    let answer = FrontDoor.evaluate(FrontDoorRequest("Just(1)", language: .swift))
    #expect(answer.exitStatus == 0)
    #expect(answer.document.contains("just 1"))
  }
}
