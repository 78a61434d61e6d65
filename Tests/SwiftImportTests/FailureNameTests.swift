import SwiftImport
import Testing

/// Failure types are checked by the names Swift gives them: Swift's generics
/// are invariant, so a publisher failing with `SearchError` is not one
/// failing with `Error`, and publishers meeting in `merge` or `switchToLatest`
/// must fail with one type. What Swift infers from the context
/// (`Fail(error: SearchError.offline)` where an Error publisher is wanted) is accepted.
@Suite struct FailureNameTests {
  @Test func aNamedFailureGivenAsAnErrorPublisherIsRefusedAtTheValue() throws {
    let swift = """
      enum SearchError: Error { case offline }
      let p: AnyPublisher<Int, Error> = Fail<Int, SearchError>(error: .offline).eraseToAnyPublisher()
      let c = p.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
      """
    let message = try #require(Runs.diagnostic(of: swift))
    // `let p: AnyPublisher<Int, Error> = ` is 34 characters: `Fail` starts at column 35.
    #expect(
      message.hasPrefix(
        "2:35: error: cannot convert value of type 'AnyPublisher<Int, SearchError>' to specified type "
          + "'AnyPublisher<Int, Error>'"), "\(message)")
  }

  @Test func aFailWhoseErrorTypeSwiftInfersFromTheAnnotationImports() throws {
    let swift = """
      enum SearchError: Error { case offline }
      let p: AnyPublisher<Int, Error> = Fail(error: SearchError.offline).eraseToAnyPublisher()
      let c = p.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
      """
    let translation = try #require(Runs.translation(of: swift))
    #expect(try Runs.outputs(of: translation.program) == ["0ms:#offline"])
  }

  @Test func aSubjectsNamedFailureMeetingAnErrorPublisherInMergeIsRefusedAtTheOther() throws {
    let swift = """
      struct Offline: Error {}
      let a = PassthroughSubject<Int, Offline>()
      let b = Fail<Int, Error>(error: Offline())
      let c = a.merge(with: b).sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
      a.send(1)
      """
    let message = try #require(Runs.diagnostic(of: swift))
    // `let c = a.merge(with: ` is 22 characters: `b` is at column 23.
    #expect(
      message.hasPrefix(
        "4:23: error: instance method 'merge' requires the types 'Offline' and 'Error' be equivalent: "
          + "the upstream fails with Offline, `b` with Error"), "\(message)")
    #expect(message.contains("`.mapError { $0 as Error }`"))
  }

  @Test func aFailingSubjectMeetingJustIsRefusedWithSetFailureTypeAsTheWayOut() throws {
    let swift = """
      let a = PassthroughSubject<Int, Error>()
      let c = a.merge(with: Just(1)).sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
      a.send(1)
      """
    let message = try #require(Runs.diagnostic(of: swift))
    #expect(
      message.hasPrefix(
        "2:23: error: instance method 'merge' requires the types 'Error' and 'Never' be equivalent: "
          + "the upstream fails with Error, `Just(1)` with Never"), "\(message)")
    #expect(message.contains("`.setFailureType(to: Error.self)`"))
  }

  @Test func publishersFailingWithOneNamedTypeMerge() throws {
    let swift = """
      enum SearchError: Error { case offline }
      let a = PassthroughSubject<Int, SearchError>()
      let b = Fail<Int, SearchError>(error: .offline).delay(for: .milliseconds(100), scheduler: RunLoop.main)
      let c = a.merge(with: b).sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
      a.send(1)
      """
    let translation = try #require(Runs.translation(of: swift))
    // `delay` holds the failure back 100ms as it does values (Combine's `delay` delays completions too).
    #expect(try Runs.outputs(of: translation.program) == ["0ms:1, 100ms:#offline"])
  }

  @Test func setFailureTypeAndMapErrorAsErrorMakeTheSidesMeet() throws {
    let swift = """
      enum SearchError: Error { case offline }
      let a = PassthroughSubject<Int, SearchError>()
      let b = Just(2).setFailureType(to: SearchError.self)
      let c = a.merge(with: b).mapError { $0 as Error }.merge(with: Fail<Int, Error>(error: SearchError.offline))
        .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
      """
    let translation = try #require(Runs.translation(of: swift))
    // `b` sends 2 at once; `Fail` fails at once, which ends the merge before the subject's finish.
    #expect(try Runs.outputs(of: translation.program) == ["0ms:2, 0ms:#offline"])
  }

  @Test func aTriedOperatorFailsWithErrorNotTheSubjectsType() throws {
    let swift = """
      enum SearchError: Error { case offline }
      let a = PassthroughSubject<Int, SearchError>()
      let c = Just(1).tryMap { $0 }.merge(with: a).sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
      """
    let message = try #require(Runs.diagnostic(of: swift))
    #expect(
      message.hasPrefix(
        "3:43: error: instance method 'merge' requires the types 'Error' and 'SearchError' be equivalent"),
      "\(message)")
  }

  @Test func switchToLatestOverInnerPublishersOfAnotherNamedFailureIsRefused() throws {
    let swift = """
      enum SearchError: Error { case offline }
      func search(_ q: String) -> AnyPublisher<String, SearchError> { Fail(error: .offline).eraseToAnyPublisher() }
      let s = PassthroughSubject<String, Error>()
      let c = s.map { q in search(q) }.switchToLatest().sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
      s.send("a")
      """
    let message = try #require(Runs.diagnostic(of: swift))
    #expect(
      message.hasPrefix(
        "4:9: error: instance method 'switchToLatest' requires the types 'Error' and 'SearchError' be equivalent: "
          + "the upstream fails with Error, the inner publishers with SearchError"), "\(message)")
  }

  @Test func anUpstreamThatCannotFailTakesTheInnerPublishersFailure() throws {
    // Combine's `flatMap` and `switchToLatest` where Failure == Never take the inner publishers' Failure.
    let swift = """
      enum SearchError: Error { case offline }
      func search(_ q: String) -> AnyPublisher<String, SearchError> { Fail(error: .offline).eraseToAnyPublisher() }
      let s = PassthroughSubject<String, Never>()
      let c = s.flatMap { q in search(q) }.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
      s.send("a")
      """
    let translation = try #require(Runs.translation(of: swift))
    #expect(try Runs.outputs(of: translation.program) == ["0ms:#offline"])
  }

  @Test func aHelpersNamedFailureIsCheckedAgainstItsDeclaredBinding() throws {
    let swift = """
      enum SearchError: Error { case offline }
      func search(_ q: String) -> AnyPublisher<String, SearchError> { Fail(error: .offline).eraseToAnyPublisher() }
      let results: AnyPublisher<String, Error> = search("a")
      let c = results.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
      """
    let message = try #require(Runs.diagnostic(of: swift))
    // `let results: AnyPublisher<String, Error> = ` is 43 characters.
    #expect(
      message.hasPrefix(
        "3:44: error: cannot convert value of type 'AnyPublisher<String, SearchError>' to specified type "
          + "'AnyPublisher<String, Error>'"), "\(message)")
  }
}

/// `some Publisher<Output, Failure>` return types are read and checked.
@Suite struct OpaqueReturnTypeTests {
  @Test func aHelperReturningSomePublisherOfItsTypesImports() throws {
    let swift = """
      func doubled(_ x: Int) -> some Publisher<Int, Never> { Just(x * 2) }
      let c = Just(3).flatMap { x in doubled(x) }.sink { print($0) }
      """
    let translation = try #require(Runs.translation(of: swift))
    #expect(try Runs.outputs(of: translation.program) == ["0ms:6, 0ms:|"])
  }

  @Test func aHelperReturningAnotherOutputThanItsSomePublisherIsRefused() throws {
    let swift = """
      func search(_ q: String) -> some Publisher<String, Never> { Just(1) }
      let c = Just("a").flatMap { q in search(q) }.sink { print($0) }
      """
    let message = try #require(Runs.diagnostic(of: swift))
    // `func search(_ q: String) -> some Publisher<String, Never> { ` is 60 characters.
    #expect(
      message.hasPrefix(
        "1:61: error: return type of global function 'search' requires the types 'Int' and 'String' be equivalent"),
      "\(message)")
  }

  @Test func aHelperThatCanFailReturnedAsSomeNeverPublisherIsRefused() throws {
    let swift = """
      func parsed(_ x: Int) -> some Publisher<Int, Never> { Just(x).tryMap { $0 } }
      let c = Just(1).flatMap { x in parsed(x) }.sink { print($0) }
      """
    let message = try #require(Runs.diagnostic(of: swift))
    #expect(
      message.hasPrefix(
        "1:55: error: return type of global function 'parsed' requires the types 'Error' and 'Never' be equivalent"),
      "\(message)")
  }
}
