import Testing

@testable import StreamCore

/// `range`'s values, made one at a time, are the values of the range and read
/// as the array of them would.
@Suite struct IntegerValuesTests {
  @Test(arguments: [
    (IntegerValues(1...3), [1, 2, 3]),
    (IntegerValues(-2...(-2)), [-2]),
    (IntegerValues(from: 1, upTo: 4), [1, 2, 3]),
    (IntegerValues(from: 5, upTo: 5), []),
    (IntegerValues((Int.max - 2)...Int.max), [Int.max - 2, Int.max - 1, Int.max]),
    (IntegerValues(from: Int.min, upTo: Int.min + 2), [Int.min, Int.min + 1]),
  ])
  func theValuesAreTheRangesNumbersInOrder(values: IntegerValues, numbers: [Int]) {
    #expect(Array(values) == numbers.map(Value.int))
  }

  @Test func anIteratorThatReachedTheEndStaysThere() {
    var iterator = IntegerValues(7...7).makeIterator()
    #expect(iterator.next() == .int(7))
    #expect(iterator.next() == nil)
    #expect(iterator.next() == nil)
  }

  @Test func itDescribesItselfAsTheSwiftRangeItStandsFor() {
    // Apple's `(1...3).publisher.print()` logs `receive subscription: (1...3)`.
    #expect(IntegerValues(1...3).description == (1...3).description)
    #expect(IntegerValues(1...3).description == "1...3")
    #expect(IntegerValues(from: 1, upTo: 4).description == "1..<4")
    #expect(IntegerValues(from: 1, upTo: 1).description == "1..<1")
  }
}

extension IntegerValuesTests {
  @Test func theWidestRangeStartsWithoutTrapping() {
    // Its count does not fit in an Int: nothing may ask for it.
    var iterator = IntegerValues(Int.min...Int.max).makeIterator()
    #expect(iterator.next() == .int(Int.min))
    #expect(iterator.next() == .int(Int.min + 1))
  }
}
