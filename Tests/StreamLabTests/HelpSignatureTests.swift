import StreamLang
import Testing

@testable import StreamLab

/// `:help NAME` shows the Combine declaration from `CombineSignature`, wrapped
/// to the terminal's width where Swift would break it.
@Suite struct HelpSignatureTests {
  static func page(_ name: String, width: Int = 80) throws -> String {
    var settings = ReplSettings()
    settings.width = width
    return try #require(HelpText.page(for: name, presenter: RunPresenter(settings: settings)))
  }

  /// The page with every run of spaces and line breaks made one space, so a
  /// declaration wrapped over several lines reads as it was declared.
  static func flattened(_ text: String) -> String {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
  }

  static func shows(_ signature: CombineSignature, on page: String) -> Bool {
    let flat = flattened(page)
    return page.contains("\nSwift:\n") && flat.contains(flattened("Types: " + signature.effect))
      && signature.declarations.allSatisfy { flat.contains(flattened($0)) }
  }

  @Test(arguments: OperatorName.allCases)
  func everyOperatorsPageShowsItsSignature(name: OperatorName) throws {
    #expect(Self.shows(CombineSignature.of(name), on: try Self.page(name.rawValue)), "\(name)")
  }

  @Test(arguments: SourceName.allCases)
  func everySourcesPageShowsItsSwiftType(name: SourceName) throws {
    #expect(Self.shows(CombineSignature.of(name), on: try Self.page(name.rawValue)), "\(name)")
  }

  @Test func anAliasShowsItsCombineNamesSignature() throws {
    #expect(Self.shows(CombineSignature.of(OperatorName.prefix), on: try Self.page("take")))
  }

  @Test func setFailureTypesPageSaysNeverBecomesError() throws {
    #expect(try Self.page("setFailureType").contains("\nTypes: `<T, Never>` → `<T, Error>`\n"))
  }

  @Test func flatMapWrapsAfterAParameterAndBeforeWhere() throws {
    let page = try Self.page("flatMap", width: 80)
    #expect(
      page.contains(
        """
        Swift:
          func flatMap<T, P>(maxPublishers: Subscribers.Demand = .unlimited,
              _ transform: @escaping (Output) -> P) -> Publishers.FlatMap<P, Self>
              where T == P.Output, P: Publisher, Self.Failure == P.Failure
          // iOS 14, where Failure == Never:
        """))
  }

  @Test(arguments: [40, 60, 80, 120])
  func noSignatureLineIsWiderThanTheTerminalUnlessOnePieceIs(width: Int) {
    let declarations = (OperatorName.allCases.map(CombineSignature.of) + SourceName.allCases.map(CombineSignature.of))
      .flatMap(\.declarations)
    for declaration in declarations {
      let lines = SignatureWrapping.lines(of: declaration, width: width, indent: "  ")
      let widest = SignatureWrapping.pieces(of: declaration).map { "      " + $0 }.map(\.count).max() ?? 0
      for line in lines { #expect(line.count <= Swift.max(width, widest), "\(line)") }
    }
  }

  @Test func genericArgumentsAndClosureTypesAreNeverSplit() {
    #expect(
      SignatureWrapping.pieces(of: "func f(_ a: (Int) -> Int, b: X<A, B>) -> Y<C, D> where C == D") == [
        "func f(_ a: (Int) -> Int,", " b: X<A, B>)", " -> Y<C, D>", " where C == D",
      ])
  }
}
