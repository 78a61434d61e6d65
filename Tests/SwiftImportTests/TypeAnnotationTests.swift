import SwiftImport
import Testing

/// Types written in pasted Swift are checked against the types the checker
/// gives the program the Swift became: agreeing ones say nothing, a
/// disagreeing one is refused at the value, in Swift's words.
@Suite struct TypeAnnotationTests {
  @Test func anAgreeingAnyPublisherAnnotationImports() throws {
    let swift = """
      let p: AnyPublisher<Int, Never> = Just(1).map { $0 * 2 }.eraseToAnyPublisher()
      let c = p.sink { print($0) }
      """
    let translation = try #require(Runs.translation(of: swift))
    #expect(try Runs.outputs(of: translation.program) == ["0ms:2, 0ms:|"])
  }

  @Test func anAnyPublisherOfTheWrongOutputIsRefusedAtTheValue() throws {
    let swift = """
      let p: AnyPublisher<String, Never> = Just(1).eraseToAnyPublisher()
      let c = p.sink { print($0) }
      """
    let message = try #require(Runs.diagnostic(of: swift))
    // Column 38 is where `Just` starts, after `let p: AnyPublisher<String, Never> = `.
    #expect(
      message.hasPrefix(
        "1:38: error: cannot convert value of type 'AnyPublisher<Int, Never>' to specified type 'AnyPublisher<String, Never>'"
      ))
    #expect(message.contains("\n" + String(repeating: " ", count: 37) + "^"))
  }

  @Test func aNeverFailureWrittenOnAFailingPublisherIsRefused() throws {
    let swift = """
      let p: AnyPublisher<Int, Never> = Fail<Int, Error>(error: SearchError.offline).eraseToAnyPublisher()
      let c = p.sink { print($0) }
      """
    let message = try #require(Runs.diagnostic(of: swift))
    #expect(
      message.hasPrefix(
        "1:35: error: cannot convert value of type 'AnyPublisher<Int, Error>' to specified type 'AnyPublisher<Int, Never>'"
      ))
  }

  @Test func aPassthroughSubjectSentItsOwnTypeImports() throws {
    let swift = """
      let subject = PassthroughSubject<String, Never>()
      let c = subject.sink { print($0) }
      subject.send("a")
      """
    let translation = try #require(Runs.translation(of: swift))
    #expect(try Runs.outputs(of: translation.program) == [#"0ms:"a""#])
  }

  @Test func aPassthroughSubjectSentAnotherTypeIsRefusedAtTheSend() throws {
    let swift = """
      let subject = PassthroughSubject<String, Never>()
      let c = subject.sink { print($0) }
      subject.send("a")
      subject.send(1)
      """
    let message = try #require(Runs.diagnostic(of: swift))
    // The `1` of line 4, after `subject.send(` (13 characters).
    #expect(
      message.hasPrefix(
        "4:14: error: cannot convert value of type 'Int' to expected argument type 'String'\nsubject.send(1)\n"
          + String(repeating: " ", count: 13) + "^\n"), "\(message)")
  }

  @Test func aSubjectDeclaredToFailThatNeverFailsImports() throws {
    let swift = """
      let subject = PassthroughSubject<Int, Error>()
      let c = subject.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
      subject.send(1)
      """
    let translation = try #require(Runs.translation(of: swift))
    #expect(try Runs.outputs(of: translation.program) == ["0ms:1"])
  }

  @Test func aCurrentValueSubjectsWrongInitialValueIsRefusedAtTheValue() throws {
    let swift = """
      let value = CurrentValueSubject<String, Never>(0)
      let c = value.sink { print($0) }
      """
    let message = try #require(Runs.diagnostic(of: swift))
    // `let value = CurrentValueSubject<String, Never>(` is 47 characters: the `0` is at column 48.
    #expect(
      message.hasPrefix("1:48: error: cannot convert value of type 'Int' to expected argument type 'String'"),
      "\(message)")
  }

  @Test func aWrongValueAssignedToACurrentValueSubjectIsRefusedAtTheAssignment() throws {
    let swift = """
      let value = CurrentValueSubject<String, Never>("a")
      let c = value.sink { print($0) }
      value.value = 2
      """
    let message = try #require(Runs.diagnostic(of: swift))
    // `value.value = ` is 14 characters.
    #expect(message.hasPrefix("3:15: error: cannot assign value of type 'Int' to type 'String'"), "\(message)")
  }

  @Test func aWrongValueAssignedToATypedPublishedPropertyIsRefusedAtTheAssignment() throws {
    let swift = """
      @Published var query: String = ""
      let c = $query.sink { print($0) }
      query = 5
      """
    let message = try #require(Runs.diagnostic(of: swift))
    #expect(message.hasPrefix("3:9: error: cannot assign value of type 'Int' to type 'String'"), "\(message)")
  }

  @Test func aTypedPublishedPropertysWrongStartingValueIsRefusedAsSwiftWordsIt() throws {
    let message = try #require(
      Runs.diagnostic(of: "@Published var count: Int = \"zero\"\nlet c = $count.sink { _ in }"))
    // `@Published var count: Int = ` is 28 characters.
    #expect(
      message.hasPrefix("1:29: error: cannot convert value of type 'String' to specified type 'Int'"), "\(message)")
  }

  @Test func anIntegerLiteralSentToADoubleSubjectImports() throws {
    let swift = """
      let subject = PassthroughSubject<Double, Never>()
      let c = subject.sink { print($0) }
      subject.send(1)
      """
    let translation = try #require(Runs.translation(of: swift))
    #expect(try Runs.outputs(of: translation.program) == ["0ms:1"])
  }

  @Test func aSubjectNothingIsSentToAgreesWithItsAnnotation() throws {
    let swift = """
      let subject = PassthroughSubject<[String], Never>()
      let c = subject.sink { print($0) }
      """
    let translation = try #require(Runs.translation(of: swift))
    #expect(translation.program.hasPrefix("let subject_ = never"))
  }
}
