import StreamCore
import Testing

@testable import Marbles

/// Which values a diagram writes as themselves and which get a letter.
@Suite struct ValueLegendTests {
  private func legend(_ values: [Value]) -> ValueLegend {
    ValueLegend(values: values, mode: .inline, maxInlineWidth: 1)
  }

  @Test func aStringThatReadsAsANumberIsWrittenAsItselfWhenNothingElseLooksTheSame() {
    // DSL.md's `a | merge b`: the marbles of b are typed as the Strings "1", "2".
    let shown = legend([.string("a"), .string("1"), .string("2"), .string("b")])
    #expect(shown.token(for: .string("1")) == "1")
    #expect(shown.token(for: .string("2")) == "2")
    #expect(shown.entries.isEmpty)
  }

  @Test func aStringThatReadsAsANumberGetsALetterBesideTheNumber() {
    // `just 1 | map String(x)`: 1 and "1" on one diagram must not look alike.
    let shown = legend([.int(1), .string("1")])
    #expect(shown.token(for: .int(1)) == "1")
    #expect(shown.token(for: .string("1")) == "a")
    #expect(shown.entries == [#"a = "1""#])
  }

  @Test func stringsThatReadAsBooleansOrNilFollowTheSameRule() {
    #expect(legend([.string("nil")]).needsLetter(.string("nil")))  // three wide: too wide for one column
    let shown = ValueLegend(values: [.string("true"), .bool(true)], mode: .inline, maxInlineWidth: 4)
    #expect(shown.token(for: .bool(true)) == "true")
    #expect(shown.token(for: .string("true")) == "a")
  }
}

extension ValueLegendTests {
  @Test func valuesPastTheLastLetterAreAllDrawnAsAStarWithOneLegendEntry() {
    let values = (1...60).map { Value.string("value \($0)") }
    let shown = ValueLegend(values: values, mode: .lettersOnly, maxInlineWidth: 4)
    #expect(shown.overflowed)
    #expect(shown.token(for: values[0]) == "a")
    #expect(shown.token(for: values[25]) == "z")
    #expect(shown.token(for: values[26]) == "A")
    #expect(shown.token(for: values[51]) == "Z")
    #expect(shown.token(for: values[52]) == "*")
    #expect(shown.token(for: values[59]) == "*")
    #expect(shown.entries.count == 53)
    #expect(shown.entries.last == "* = other values (the event list shows them)")
  }
}
