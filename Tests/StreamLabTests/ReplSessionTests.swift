import StreamCore
import Testing

@testable import StreamLab

/// The session as the REPL drives it: one complete input in, text out.
@Suite struct ReplSessionTests {
  private func session(width: Int = 80) -> ReplSession {
    var settings = ReplSettings()
    settings.width = width
    settings.lessonFiles = ["lessons/lesson01.txt", "lessons/lesson02.txt"]
    return ReplSession(settings: settings)
  }

  @Test func bindingsPersistAcrossInputs() {
    var session = session()
    let bound = session.submit("let a = just 1")
    #expect(bound == ReplReply(text: "bound a"))
    let run = session.submit("a | map x+1")
    #expect(!run.isError)
    #expect(run.text.contains("map x+1"))
    #expect(session.boundNames == ["a"])
    #expect(session.submit(":bindings").text == "let a = just 1")
    #expect(!session.hasFailed)
  }

  @Test func aTypeErrorsNoteIsWrappedAtWordsToTheWidth() {
    var session = session(width: 40)
    let reply = session.submit(#"just "a" | map x * 2"#)
    #expect(reply.isError)
    let lines = reply.text.split(separator: "\n").map(String.init)
    #expect(lines.dropFirst().allSatisfy { $0.count <= 40 }, "\(lines)")
    // Joined again at its line breaks, the note is whole: no word was cut in two.
    let note = lines.drop { !$0.hasPrefix("note: ") }.map { $0.trimmingWhitespace() }.joined(separator: " ")
    #expect(
      note == "note: Swift never converts to a String implicitly; write `String(x)` first, e.g. `String(x) + \"a\"`",
      "\(lines)")
  }

  @Test func clearForgetsEveryBinding() {
    var session = session()
    _ = session.submit("let a = just 1; let b = just 2")
    #expect(session.submit(":clear").text == "forgot 2 bindings")
    #expect(session.boundNames.isEmpty)
    #expect(session.submit("a").isError)
  }

  @Test func parseErrorIsReportedWithASuggestionAndCountsAsAFailure() {
    var session = session()
    let reply = session.submit("just 1 | debounse 300ms")
    #expect(reply.isError)
    #expect(reply.text.contains("debounce"))
    #expect(reply.text.contains("^"))
    #expect(session.hasFailed)
  }

  @Test func runtimeErrorInMapStopsTheRunAndCountsAsAFailure() {
    var session = session()
    let reply = session.submit("just 1, 0 | map 6 / x")
    #expect(!reply.isError)
    #expect(reply.text.contains("tryMap"))
    #expect(session.hasFailed)
  }

  @Test func aFailedEventIsNotAFailedInput() {
    var session = session()
    let reply = session.submit("fail \"boom\"")
    #expect(!reply.isError)
    #expect(!session.hasFailed)
  }

  @Test func interruptionStopsTheRunAndSaysSo() {
    // Raised until the session lowers it, as the shell's Ctrl-C flag is.
    var raised = true
    var session = ReplSession(settings: ReplSettings(), isInterrupted: { raised }, clearInterrupt: { raised = false })
    let reply = session.submit("interval 1ms")
    #expect(reply.text.contains("stopped by Ctrl-C at "))
    #expect(!raised)
    #expect(!reply.isError)
  }

  @Test func horizonSetsHowLongARunMayTake() {
    var session = session()
    #expect(session.submit(":horizon 20s").text == "horizon: 20s of virtual time")
    #expect(session.settings.horizon == .seconds(20))
    #expect(session.submit(":horizon 250ms").text == "horizon: 250ms of virtual time")
    let reply = session.submit("interval 100ms")
    #expect(reply.text.contains("250ms horizon"))
  }

  @Test func svgIsHandedToTheShellToWrite() {
    var session = session()
    _ = session.submit("just 1,2,3")
    let reply = session.submit(":svg out/diagram.svg")
    #expect(reply.text == "wrote out/diagram.svg")
    guard case .writeFile(let path, let contents)? = reply.effect else {
      Issue.record("no file to write: \(reply)")
      return
    }
    #expect(path == "out/diagram.svg")
    #expect(contents.contains("<svg"))
  }

  @Test func jsonAndEventsShowTheLastRun() {
    var session = session()
    _ = session.submit("just 7")
    #expect(session.submit(":json").text.contains(#"{"t": 0, "kind": "value", "value": 7}"#))
    #expect(session.submit(":events").text.contains("value 7"))
  }

  @Test func scaleIsShownSetAndReset() {
    var session = session()
    #expect(session.submit(":scale").text == "scale: chosen to fit each diagram")
    #expect(session.submit(":scale 50ms").text == "scale: 50ms per column")
    #expect(session.settings.scale == .milliseconds(50))
    #expect(session.submit(":scale auto").text == "scale: chosen to fit each diagram")
    #expect(session.settings.scale == nil)
  }

  @Test func lastRunFormatsNeedARunFirst() {
    var session = session()
    for command in [":trace", ":json", ":events", ":swift", ":svg out.svg"] {
      let reply = session.submit(command)
      #expect(reply.isError, "\(command)")
      #expect(reply.text.contains("nothing has run yet"), "\(command)")
    }
  }

  /// The session's trace is the real run's: the same events the unit test
  /// of `TraceLog` spells out for this program.
  @Test func traceShowsTheLastRunsDemandAndCancellation() {
    var session = session()
    _ = session.submit("just 1,2 | prefix 1")
    #expect(
      session.submit(":trace").text == """
        pipeline 1: just 1,2 | prefix 1
          just 1,2
            0ms  receive subscription
            0ms  request unlimited
            0ms  receive value: (1)
            0ms  receive cancel
          prefix 1
            0ms  receive subscription
            0ms  request unlimited
            0ms  receive value: (1)
            0ms  receive finished
        """)
  }

  @Test func swiftExportsTheLastProgramWithTheBindingsItUses() {
    var session = session()
    _ = session.submit("let a = just 1, 2")
    _ = session.submit("a | map x * 2")
    let swift = session.submit(":swift")
    #expect(!swift.isError)
    #expect(swift.text.contains("import Combine"))
    #expect(swift.text.contains("[1, 2].publisher"))
    #expect(swift.text.contains(".map"))
  }

  @Test func loadAsksTheShellForTheFileThenRunsIt() {
    var session = session()
    #expect(session.submit(":load streams.txt").effect == .readFile(path: "streams.txt"))
    #expect(session.load("let z = just 5\n", from: "streams.txt") == ReplReply(text: "bound z"))
    #expect(session.boundNames == ["z"])
    let broken = session.load("just 1 | bogus 3", from: "streams.txt")
    #expect(broken.isError)
    #expect(broken.text.contains("streams.txt:1:"))
  }

  @Test func aTypedCommentRunsNothingSilentlyAsInAShell() {
    var session = session()
    #expect(session.submit("// just a thought") == ReplReply(text: ""))
    #expect(!session.hasFailed)
  }

  @Test func loadingAFileWithNothingInItSaysSo() {
    var session = session()
    #expect(
      session.load("// only a comment\n\n", from: "empty.txt")
        == ReplReply(text: "nothing to run: empty.txt holds no pipeline and no `let`"))
  }

  @Test func traceAfterAProgramThatDidNotParseSaysThereIsNoRunToTrace() {
    var session = session()
    _ = session.submit("just 1 | map x")
    _ = session.submit("just 1 | bogus")
    #expect(
      session.submit(":trace")
        == ReplReply(
          text: "there is no run to trace: the last program did not parse; fix it and run it again", isError: true))
    #expect(
      session.submit(":events")
        == ReplReply(
          text: "there is no run to show: the last program did not parse; fix it and run it again", isError: true))
    _ = session.submit("just 2")
    #expect(session.submit(":trace").text.contains("just 2"))
  }

  @Test func traceAfterOnlyALetSaysThereIsNoRunToTrace() {
    var session = session()
    _ = session.submit("just 1")
    _ = session.submit("let a = just 1")
    #expect(
      session.submit(":trace")
        == ReplReply(
          text: "there is no run to trace: the last program subscribed no pipeline (`let` runs nothing)", isError: true)
    )
  }

  @Test func unknownMetaCommandSuggestsOneAndCountsAsAFailure() {
    var session = session()
    let reply = session.submit(":trce")
    #expect(
      reply
        == ReplReply(text: "unknown command `:trce`; did you mean `:trace`? (`:help` lists them all)", isError: true))
    #expect(session.hasFailed)
  }

  @Test func quitIsAnEffect() {
    var session = session()
    #expect(session.submit(":quit").effect == .quit)
  }

  @Test func lessonsListsTheFilesTheShellFound() {
    var session = session()
    #expect(
      session.submit(":lessons").text == """
        lessons (start one with `streamlab run FILE`):
          lessons/lesson01.txt
          lessons/lesson02.txt
        """)
  }

  @Test func helpListsCommandsSourcesAndOperators() {
    var session = session()
    let help = session.submit(":help").text
    for word in [":trace", ":horizon", "debounce", "switchToLatest", "interval", "marbles"] {
      #expect(help.contains(word), "\(word)")
    }
  }

  @Test func helpExplainsTheMarksOfADiagramIncludingTheDropMark() {
    var session = session()
    #expect(session.submit(":help").text.contains("`×` a value dropped because nobody had asked for it"))
  }

  @Test func helpOnAnOperatorShowsItsSignatureAndARealRun() {
    var session = session()
    let page = session.submit(":help debounce").text
    #expect(page.hasPrefix("debounce — "))
    #expect(page.contains("func debounce<S: Scheduler>(for dueTime: S.SchedulerTimeType.Stride"))
    // The demo's diagram: `iph` is the only value that survives the quiet period.
    #expect(page.contains("> debounce 300ms"))
    #expect(page.contains("iph"))
  }

  @Test func helpOnAnAliasNamesTheCombineOperator() {
    var session = session()
    let page = session.submit(":help take").text
    #expect(page.contains("Combine's `prefix`"))
    #expect(page.contains("func prefix(_ maxLength: Int)"))
  }

  @Test func helpOnAStatementGivesItsUsage() {
    var session = session()
    #expect(
      session.submit(":help let").text == """
        let — binds a name to a pipeline; runs nothing
        let needs a name, `=` and a pipeline, like `let clicks = marbles "-a--b|"`
        """)
  }

  @Test func helpOnAMetaCommand() {
    var session = session()
    #expect(session.submit(":help :trace").text.hasPrefix(":trace — "))
  }

  @Test func helpOnAWordThatIsASourceAndACommandShowsTheSourceAndNamesTheCommand() {
    var session = session()
    let page = session.submit(":help events").text
    #expect(page.hasPrefix("events — "))
    #expect(page.contains("`:events` is also a command: `:help :events`"))
    #expect(session.submit(":help :events").text.hasPrefix(":events — "))
  }

  @Test func helpOnACommandNameWithoutItsColonStillFindsTheCommand() {
    var session = session()
    #expect(session.submit(":help trace").text.hasPrefix(":trace — "))
  }

  @Test func helpOnAMisspeltNameSuggests() {
    var session = session()
    let reply = session.submit(":help debounse")
    #expect(reply.isError)
    #expect(reply.text.contains("did you mean `debounce`?"))
  }

  @Test func completionOffersBoundNames() {
    var session = session()
    _ = session.submit("let clicks = marbles \"-a--b|\"")
    #expect(session.completions(before: "cl").candidates == ["clicks"])
    #expect(session.completions(before: "clicks | deb").candidates == ["debounce"])
    #expect(session.completions(before: ":load lessons/lesson01").candidates == ["lessons/lesson01.txt"])
  }

  @Test func continuationIsAskedForOpenInputAndSaysWhy() {
    #expect(
      ReplSession.continuation(of: "just 1 |")
        == "the `|` at the end waits for an operator; an empty line ends the input")
    #expect(
      ReplSession.continuation(of: "just 1 | flatMap {")
        == "`{` opened at column 18 is not closed; an empty line ends the input")
    #expect(
      ReplSession.continuation(of: "just 1 |\n  merge { just 2 | map [1,")
        == "`[` opened at line 2, column 24 is not closed; an empty line ends the input")
    #expect(ReplSession.continuation(of: "just 1") == nil)
  }

  @Test func anUnclosedStringIsReportedAtOnceWithACaretAtItsQuote() {
    // A string ends with its line, so waiting for more input could never close it.
    #expect(ReplSession.continuation(of: "just \"abc | map x") == nil)
    var session = session()
    let reply = session.submit("just \"abc | map x")
    #expect(reply.isError)
    #expect(
      reply.text == """
        1:6: error: this string has no closing quote
        just "abc | map x
             ^
        expected: `"` before the end of the line
        """)
  }

  @Test func anInputEndedByAnEmptyLineGetsItsParseError() {
    var session = session()
    let reply = session.submit("just 1 | flatMap {")
    #expect(reply.isError)
    #expect(reply.text.hasPrefix("1:"))
  }

  @Test func welcomeSaysWhereHelpAndLessonsAre() {
    let welcome = session().welcome
    #expect(welcome.contains(":help"))
    #expect(welcome.contains("lessons/"))
  }

  @Test func typeReadsSwiftAsTheShortFormItBecomes() {
    var session = session()
    let reply = session.submit(":type full Just(1).map { $0 * 2 }")
    #expect(!reply.isError)
    #expect(
      reply.text == """
        the Swift in streamlab's language:
          just 1 | map $0 * 2
        just 1      <Int, Never>
        map $0 * 2  <Int, Never>
        type:   Just<Int>
        erased: AnyPublisher<Int, Never>
        """)
  }
}

/// When an empty line ends a `:paste` (issue 27): once the Swift is a whole
/// program that subscribes something, or goes wrong before its end.
@Suite struct PasteEndTests {
  @Test(
    arguments: [
      (":paste\nfinal class Model {\n  let s = PassthroughSubject<Int, Never>()", false),
      (":paste\nfinal class Model {\n  let s = PassthroughSubject<Int, Never>()\n}", false),
      (":paste\nlet s = PassthroughSubject<Int, Never>()\nlet c = s.sink { print($0) }", true),
      (":paste\nlet c = Just(1).frobnicate().sink { print($0) }\nlet x = 1", true),
      ("just 1 |", true),
      // A view model whose pipeline the short form cannot say (a capture
      // list): declared, it waits; made, its `init` subscribes, and it ends.
      (
        ":paste\nimport Combine\nfinal class Model {\n  @Published var q = \"\"\n  var c: AnyCancellable?\n"
          + "  init() { c = $q.map { [q] in $0 + q }.sink { print($0) } }\n}", false
      ),
      (
        ":paste\nimport Combine\nfinal class Model {\n  @Published var q = \"\"\n  var c: AnyCancellable?\n"
          + "  init() { c = $q.map { [q] in $0 + q }.sink { print($0) } }\n}\nlet m = Model()", true
      ),
    ] as [(String, Bool)])
  func anEmptyLineEndsAPasteOnlyWhenItIsAWholeProgram(text: String, ends: Bool) {
    #expect(ReplSession.emptyLineEnds(text) == ends)
  }
}
