import Testing

@testable import StreamLab

@Suite struct CompletionTests {
  private let completer = Completer(
    sources: ["just", "interval", "events"], operators: ["debounce", "delay", "map", "merge"],
    boundNames: ["clicks", "query"], fileNames: ["lessons/lesson01.txt", "lessons/lesson02.txt"])

  @Test func operatorAfterPipe() {
    let result = completer.candidates(before: "just 1,2,3 | deb")
    #expect(result.word == "deb")
    #expect(result.candidates == ["debounce"])
    #expect(result.commonPrefix == "debounce")
  }

  @Test func ambiguousOperatorsShareTheirCommonPrefix() {
    let result = completer.candidates(before: "just 1 | d")
    #expect(result.candidates == ["debounce", "delay"])
    #expect(result.commonPrefix == "de")
  }

  @Test func sourcesBoundNamesAndLetWhereAStatementStarts() {
    #expect(completer.candidates(before: "").candidates == ["clicks", "events", "interval", "just", "let", "query"])
    #expect(completer.candidates(before: "just 1; q").candidates == ["query"])
  }

  @Test func sourceOrNameAfterLetEqualsAndInsideBraces() {
    #expect(completer.candidates(before: "let a = i").candidates == ["interval"])
    #expect(completer.candidates(before: "clicks | merge { j").candidates == ["just"])
  }

  @Test func operatorOnTheLineAfterATrailingPipe() {
    #expect(completer.candidates(before: "just 1 |\n  me").candidates == ["merge"])
  }

  @Test func newStatementOnTheNextLine() {
    #expect(completer.candidates(before: "let a = just 1\nc").candidates == ["clicks"])
  }

  @Test func boundNameAsAnArgument() {
    #expect(completer.candidates(before: "clicks | merge q").candidates == ["query"])
  }

  @Test func nothingAfterLetOrInsideAString() {
    #expect(completer.candidates(before: "let c").candidates.isEmpty)
    #expect(completer.candidates(before: "marbles \"-a-d").candidates.isEmpty)
  }

  @Test func noComparisonMistakenForABinding() {
    #expect(completer.candidates(before: "just 1 | filter x == c").candidates == ["clicks"])
  }

  @Test func metaCommandNames() {
    #expect(completer.candidates(before: ":tr").candidates == [":trace"])
    #expect(completer.candidates(before: ":s").candidates == [":scale", ":svg", ":swift"])
    #expect(completer.candidates(before: ":s").commonPrefix == ":s")
  }

  @Test func metaCommandArguments() {
    #expect(completer.candidates(before: ":help deb").candidates == ["debounce"])
    #expect(completer.candidates(before: ":load lessons/lesson0").candidates.count == 2)
    #expect(completer.candidates(before: ":load lessons/lesson0").commonPrefix == "lessons/lesson0")
  }

  @Test func columnsFillDownThenAcross() {
    let text = CompletionCandidates.columns(["a", "bb", "c", "d", "e"], width: 8)
    #expect(text == "a   d\nbb  e\nc")
  }
}
