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

  @Test func aPassthroughSubjectSentAnotherTypeIsRefusedAtItsConstructor() throws {
    let swift = """
      let subject = PassthroughSubject<String, Never>()
      let c = subject.sink { print($0) }
      subject.send(1)
      """
    let message = try #require(Runs.diagnostic(of: swift))
    #expect(
      message.hasPrefix(
        "1:15: error: cannot convert value of type 'PassthroughSubject<Int, Never>' to specified type 'PassthroughSubject<String, Never>'"
      ))
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

  @Test func aCurrentValueSubjectOfTheWrongTypeIsRefused() throws {
    let swift = """
      let value = CurrentValueSubject<String, Never>(0)
      let c = value.sink { print($0) }
      """
    let message = try #require(Runs.diagnostic(of: swift))
    #expect(
      message.hasPrefix(
        "1:13: error: cannot convert value of type 'CurrentValueSubject<Int, Never>' to specified type 'CurrentValueSubject<String, Never>'"
      ))
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
