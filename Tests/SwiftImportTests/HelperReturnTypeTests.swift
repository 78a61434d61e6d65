import SwiftImport
import Testing

/// A pasted helper's `-> AnyPublisher<…>` is checked against what its body
/// returns: an agreeing one says nothing, a disagreeing one is refused at
/// the returned expression in Swift's words.
@Suite struct HelperReturnTypeTests {
  @Test func aHelperReturningItsAnnotatedTypeImports() throws {
    let swift = """
      func search(_ q: String) -> AnyPublisher<[String], Never> {
        return Just([q, q]).eraseToAnyPublisher()
      }
      let c = Just("a").flatMap { q in search(q) }.sink { print($0) }
      """
    let translation = try #require(Runs.translation(of: swift))
    #expect(try Runs.outputs(of: translation.program) == [#"0ms:["a", "a"], 0ms:|"#])
  }

  @Test func aHelperReturningAnotherOutputIsRefusedAtTheReturnedExpression() throws {
    let swift = """
      func search(_ q: String) -> AnyPublisher<[String], Never> {
        Just(q).map { $0.count }.eraseToAnyPublisher()
      }
      let c = Just("a").flatMap { q in search(q) }.sink { print($0) }
      """
    let message = try #require(Runs.diagnostic(of: swift))
    // The body's expression starts at line 2, column 3, and is 46 characters long.
    #expect(
      message.hasPrefix(
        "2:3: error: cannot convert return expression of type 'AnyPublisher<Int, Never>' to return type "
          + "'AnyPublisher<[String], Never>'\n  Just(q).map { $0.count }.eraseToAnyPublisher()\n  ^"
          + String(repeating: "~", count: 45) + "\n"), "\(message)")
  }

  @Test func aHelperThatCannotFailReturnedAsFailingIsRefused() throws {
    let swift = """
      func search(_ q: String) -> AnyPublisher<String, Error> {
        return Just(q).eraseToAnyPublisher()
      }
      let c = Just("a").flatMap { q in search(q) }.sink { print($0) }
      """
    let message = try #require(Runs.diagnostic(of: swift))
    // `  return ` is 9 characters: `Just` is at column 10.
    #expect(
      message.hasPrefix(
        "2:10: error: cannot convert return expression of type 'AnyPublisher<String, Never>' to return type "
          + "'AnyPublisher<String, Error>'"), "\(message)")
  }
}
