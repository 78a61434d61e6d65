import Foundation
import Lessons
import StreamCore
import StreamLab
import StreamLang
import Testing

/// The one path from typed text to what is shown (DESIGN.md, "One front
/// door"): every door answers the same text the same way, because none adds
/// anything of its own.
@Suite struct FrontDoorTests {
  @Test(arguments: ["|", "| map x * 10", "|x", "let a = just 1\n|", "let a = just 1; | a"])
  func aLeadingPipeIsAPositionedErrorWithStatusTwo(program: String) throws {
    let answer = FrontDoor.evaluate(FrontDoorRequest(program))
    guard case .invalid(let diagnostics, let source) = answer.outcome else {
      Issue.record("\(program) should be refused, got \(answer.outcome)")
      return
    }
    #expect(source == program)
    #expect(!diagnostics.isEmpty)
    #expect(answer.exitStatus == 2)
    #expect(try #require(answer.message).contains("^"))
  }

  @Test func thePlaygroundShowsWhatTheFrontDoorAnswersForEval() {
    let program = "let a = marbles \"-a--b|\"\na | map x + \"!\" | debounce 150ms"
    var session = ReplSession()
    let reply = session.submit(program)
    #expect(!reply.isError)
    #expect(reply.text == FrontDoor.evaluate(FrontDoorRequest(program)).document)
  }

  @Test func thePlaygroundKeepsItsBindingsAfterALeadingPipe() {
    var session = ReplSession()
    #expect(session.submit("let a = just 1,2,3").text == "bound a")
    let refused = session.submit("| map x * 2")
    #expect(refused.isError)
    #expect(refused.text.contains("^"))
    #expect(session.boundNames == ["a"])
    #expect(!session.submit("a | map x * 2").isError)
  }

  /// `42-multicast-connect` without `var seenByA: [String] = []` (found by
  /// `scripts/swiftrun-cuts`): swiftc refuses it ("cannot find 'seenByA' in
  /// scope"). Before, the interpreter's refusal gave way to the short-form
  /// reader, whose diagram had none of the prints and no word.
  @Test func aPasteTheInterpreterRefusesIsNotDrawnByTheReader() throws {
    let swift = """
      // Form: multicast(subject:) with an explicit connect() (Combine books' sharing chapter)
      import Combine

      let source = ["x", "y"].publisher
      let multicasted = source.multicast(subject: PassthroughSubject<String, Never>())

      var seenByB: [String] = []
      let a = multicasted.sink { seenByA.append($0) }
      let b = multicasted.sink { seenByB.append($0) }
      print("before connect: A \\(seenByA), B \\(seenByB)")
      let connection = multicasted.connect()
      print("after connect: A \\(seenByA), B \\(seenByB)")
      """
    let answer = FrontDoor.evaluate(FrontDoorRequest(swift, language: .swift))
    guard case .invalid(let diagnostics, _) = answer.outcome else {
      Issue.record("the paste should be refused, got \(answer.outcome)")
      return
    }
    #expect(diagnostics.map(\.message) == ["`seenByA` is not declared in the paste"])
    #expect(answer.exitStatus == 2)
  }

  /// Before, only the playground read a Swift-looking line as Swift; `eval`
  /// without `--swift` refused it and the server did too.
  @Test func swiftIsReadAsSwiftAtEveryDoor() throws {
    let answer = FrontDoor.evaluate(FrontDoorRequest("Just(1).map { $0 * 2 }"))
    guard case .ran(_, _, _, let translation) = answer.outcome else {
      Issue.record("Swift should run, got \(answer.outcome)")
      return
    }
    #expect(try #require(translation).program == "just 1 | map $0 * 2")
    #expect(answer.document.hasPrefix("the Swift in streamlab's language:\n  just 1 | map $0 * 2\n"))
    #expect(answer.exitStatus == 0)
  }

  /// Before, `eval` and the playground gave this note and the server and lessons did not.
  @Test func aStageSpeltAsSwiftGetsTheSameHintAtEveryDoor() throws {
    let program = "just 1 | replaceError(with: 0)"
    let note = "this is Swift's spelling: streamlab writes this `replaceError 0`"
    let answer = FrontDoor.evaluate(FrontDoorRequest(program))
    #expect(try #require(answer.message).contains(note))
    var session = ReplSession()
    #expect(session.submit(program).text.contains(note))
    let hinted = SwiftImportAnswers().hinted(Parser.parse(program).diagnostics, in: program)
    #expect(hinted.contains { $0.note?.contains(note) == true })
  }

  @Test func aRuntimeErrorIsStatusOneWithItsDiagram() {
    let answer = FrontDoor.evaluate(FrontDoorRequest("just 1, 0 | map 6 / x"))
    #expect(answer.exitStatus == 1)
    #expect(answer.document.contains("division by zero"))
    #expect(answer.message == nil)
  }

  @Test func onlyLetsRunNothingAndSayWhatWasBound() {
    let answer = FrontDoor.evaluate(FrontDoorRequest("let a = just 1"))
    guard case .nothingToRun(let bound) = answer.outcome else {
      Issue.record("got \(answer.outcome)")
      return
    }
    #expect(bound == ["a"])
    #expect(answer.exitStatus == 2)
    #expect(answer.message?.hasPrefix("nothing to run: `let` bound a") == true)
  }
}

/// A pasted file that imports modules but not Combine: swiftc cannot find
/// Combine's names (issue 29's cuts: `import Combine` deleted from a paste
/// that keeps `import Foundation`), so the answer says so; a fragment with
/// no imports is taken as the inside of a file that has them.
@Suite struct MissingImportTests {
  static let body =
    "let subject = PassthroughSubject<Int, Never>()\nlet c = subject.sink { print($0) }\nsubject.send(1)"

  static func notes(_ swift: String) -> [String] {
    let answer = FrontDoor.evaluate(FrontDoorRequest(swift, language: .swift, format: .json))
    guard let document = answer.document.data(using: .utf8),
      let json = try? JSONSerialization.jsonObject(with: document) as? [String: Any]
    else { return ["no JSON"] }
    return json["notes"] as? [String] ?? []
  }

  @Test func aFileImportingFoundationOnlyIsNoted() {
    #expect(
      Self.notes("import Foundation\n" + Self.body).contains {
        $0.hasPrefix("Swift needs `import Combine` in this file (it imports only `Foundation`)")
      })
  }

  @Test(arguments: ["", "import Combine\n", "import OpenCombine\n", "import SwiftUI\nimport Foundation\n"])
  func aFragmentOrAFileThatImportsCombineIsNot(_ imports: String) {
    #expect(!Self.notes(imports + Self.body).contains { $0.contains("import Combine") })
  }
}
