import SwiftImport
import Testing

/// An `@Published var` becomes streamlab's `published` source, which has
/// willSet timing, rather than `current`.
@Suite struct PublishedPropertyTests {
  static let swift = """
    @Published var query = ""
    let scheduler = DispatchQueue.test
    let c = $query.sink { print($0) }
    scheduler.advance(by: .milliseconds(100))
    query = "sw"
    """

  @Test func aPublishedPropertyBecomesAPublishedSource() throws {
    let translation = try #require(Runs.translation(of: Self.swift))
    #expect(translation.program.hasPrefix(#"let query = published "", 100ms:"sw""#), "\(translation.program)")
  }

  @Test func itsSubscriberGetsTheValueHeldThenEachAssignment() throws {
    let translation = try #require(Runs.translation(of: Self.swift))
    // The value held at subscription (0ms), then the assignment at 100ms; never finished.
    #expect(try Runs.outputs(of: translation.program) == [#"0ms:"", 100ms:"sw""#])
  }
}
