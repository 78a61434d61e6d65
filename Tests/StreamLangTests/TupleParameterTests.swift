import StreamCore
import Testing

@testable import StreamLang

/// Issue 27: `a.combineLatest(b).map { name, age in … }` and `{ (u, p) in … }`,
/// which every form-validation example writes, take a pair apart as Swift
/// does (its exception for closures of one tuple parameter). That swiftc
/// accepts both forms, with these timelines, is proved by the exports
/// `More19CombineLatestNamedPair` and `More20ZipParenthesisedPair`, which
/// SwiftExportTests compiles against OpenCombine and runs.
@Suite struct TupleParameterTests {
  @Test(arguments: ["{ name, age in name + String(age) }", "{ (name, age) in name + String(age) }"])
  func aClosureNamesTheElementsOfCombineLatestsPair(closure: String) {
    let program =
      "let name = marbles \"-a--b|\"; let age = marbles \"--1-2|\"; name | combineLatest age | map \(closure)"
    #expect(outputs(of: program) == [#"200ms "a1", 400ms "b1", 400ms "b2", 500ms |"#])
  }

  @Test func aNestedStreamSeesTheNamedElements() {
    let program = "just (1, \"a\") | flatMap { n, s in { just s | delay n * 100ms } }"
    #expect(outputs(of: program) == [#"100ms "a", 100ms |"#])
  }

  @Test func theNamedElementsAreTypedAsTheTuplesElements() throws {
    let typed = try TypeChecker.check(Parser.parse("just (1, \"a\") | map { n, s in s + String(n) }").program)
    #expect(typed.shown.first?.stages.last?.typeLabel.output == "String")
  }

  @Test func namesForAValueThatIsNotATupleAreATypeError() {
    let (result, rendered) = runProgram("just 1 | map { a, b in a }")
    #expect(result == nil)
    #expect(rendered.contains("this closure takes 2 parameters, but it is called with one Int"))
  }

  @Test func namesForATupleOfAnotherSizeAreATypeError() {
    let (result, rendered) = runProgram("just (1, 2, 3) | map { a, b in a }")
    #expect(result == nil)
    #expect(rendered.contains("this closure takes 2 parameters, but it is called with one (Int, Int, Int)"))
  }
}
