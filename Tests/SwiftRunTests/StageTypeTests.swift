import StreamCore
import SwiftRun
import Testing

/// Each shown stage's `<Output, Failure>`, first pipeline, source first.
func stageTypes(_ swift: String) throws -> [String] {
  guard case .ran(let result, _) = SwiftRun.run(swift) else {
    Issue.record("the paste did not run")
    return []
  }
  return try #require(result.stageTypes.first).map(\.text)
}

/// The interpreter types a paste's stages from its Swift as swiftc infers
/// them (the corpus's `CorpusTypeTests` holds swiftc's own answers).
@Suite struct StageTypeTests {
  @Test(arguments: [
    (
      "let s = PassthroughSubject<Int, Never>()\nlet c = s.map { $0 * 2 }.sink { _ in }",
      ["<Int, Never>", "<Int, Never>"]
    ),
    (
      "struct User { let name: String; let age: Int }\nlet s = PassthroughSubject<User, Never>()\n"
        + "let c = s.filter { $0.age > 17 }.map(\\.name).map { $0.count }.sink { _ in }",
      ["<User, Never>", "<User, Never>", "<String, Never>", "<Int, Never>"]
    ),
    (
      "let c = [\"1\", \"x\"].publisher.compactMap(Int.init).collect().sink { _ in }",
      ["<String, Never>", "<Int, Never>", "<[Int], Never>"]
    ),
    (
      // `setFailureType` draws no row: the row after it has its Failure.
      "enum Failed: Error { case no }\nlet c = Just(1).setFailureType(to: Failed.self).map { $0 + 1 }"
        + ".tryMap { x -> String in \"\\(x)\" }.replaceError(with: \"\").sink { _ in }",
      ["<Int, Never>", "<Int, Failed>", "<String, Error>", "<String, Never>"]
    ),
    (
      "let a = PassthroughSubject<String, Never>()\nlet b = PassthroughSubject<Int, Never>()\n"
        + "let c = a.combineLatest(b).map { name, age in (name: name, age: age) }.sink { _ in }",
      ["<String, Never>", "<(String, Int), Never>", "<(name: String, age: Int), Never>"]
    ),
  ])
  func aStageIsTypedAsSwiftcInfersIt(swift: String, expected: [String]) throws {
    #expect(try stageTypes(swift) == expected)
  }

  @Test func aClosureTheTyperCannotTypeShowsAPlaceholderAndIsNamed() throws {
    let swift = """
      let double = { (x: Int) in x * 2 }
      let s = PassthroughSubject<Int, Never>()
      let c = s.map { value in double(value) }.sink { _ in }
      """
    let outcome = SwiftRun.run(swift)
    guard case .ran(let result, let uses) = outcome else {
      Issue.record("the paste did not run: \(outcome)")
      return
    }
    // A closure held in a variable is not typed (swiftc knows it returns Int): no guess from the values.
    #expect(result.stageTypes.first?.map(\.text) == ["<Int, Never>", "<_, Never>"])
    #expect(uses.untypedStages == ["the closure of `.map` at line 3:15"])
  }

  @Test func aFunctionsDeclaredResultTypesTheFutureItReturns() throws {
    let swift = """
      func load() -> Future<Int, Never> {
        Future { promise in promise(.success(1)) }
      }
      let c = load().map { $0 + 1 }.sink { _ in }
      """
    #expect(try stageTypes(swift) == ["<Int, Never>", "<Int, Never>"])
  }
}
