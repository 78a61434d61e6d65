import SwiftImport
import Testing

/// Which lines the REPL, lesson answers and the fuzzer read as Swift: the
/// issue's publisher starts and Swift declarations, never the language's own lines.
@Suite struct SwiftLooksTests {
  @Test(arguments: [
    "Just(1).map { $0 * 2 }", "[1, 2].publisher", "(1...5).publisher", "PassthroughSubject<Int, Never>()",
    "CurrentValueSubject<Int, Never>(0)", "Future { promise in promise(.success(1)) }", "Deferred { Just(1) }",
    "Empty()", "Fail(error: SearchError.offline)", "Timer.publish(every: 1, on: .main, in: .common)",
    "enum SearchError: Error { case offline }\nlet c = Fail<Int, SearchError>(error: .offline).sink { _ in }",
    "extension Publisher { }", "func search(_ q: String) -> AnyPublisher<String, Never> { Just(q) }",
    "let c = Just(1).sink { print($0) }",
  ])
  func swiftIsReadAsSwift(_ line: String) {
    #expect(SwiftImport.looksLikeSwift(line))
  }

  @Test(arguments: [
    "just 1, 2, 3 | map x * 2", "let a = just 1", "range 1...5 | filter x > 2", "events 0ms:1, 100ms:|",
    "subject 100ms:1", "a | merge b", "interval 100ms | take 3",
  ])
  func theLanguageIsNotReadAsSwift(_ line: String) {
    #expect(!SwiftImport.looksLikeSwift(line))
  }
}
