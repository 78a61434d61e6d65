import Testing

@testable import StreamCore

/// A row's events stored as columns read back as the events recorded.
@Suite struct TimelineEventsTests {
  static let everyKind: [TimelineEvent] = [
    TimelineEvent(time: .zero, kind: .subscribed),
    TimelineEvent(time: .zero, kind: .requested(.unlimited)),
    TimelineEvent(time: .zero, kind: .requested(.max(3))),
    TimelineEvent(time: .milliseconds(1), kind: .value(.int(-42))),
    TimelineEvent(time: .milliseconds(1), kind: .value(.int(.max))),
    TimelineEvent(time: .milliseconds(2), kind: .value(.double(-0.5))),
    TimelineEvent(time: .milliseconds(2), kind: .value(.double(.infinity))),
    TimelineEvent(time: .milliseconds(3), kind: .value(.string("say \"hi\""))),
    TimelineEvent(time: .milliseconds(3), kind: .value(.tuple([.int(1), .null]))),
    TimelineEvent(time: .milliseconds(4), kind: .dropped(.int(7))),
    TimelineEvent(time: .milliseconds(4), kind: .dropped(.double(1.25))),
    TimelineEvent(time: .milliseconds(4), kind: .dropped(.bool(true))),
    TimelineEvent(time: .milliseconds(5), kind: .failed("boom")),
    TimelineEvent(time: .milliseconds(5), kind: .finished),
    TimelineEvent(time: VirtualTime(nanoseconds: .max), kind: .cancelled),
  ]

  @Test func failuresDropsAndBoundedRequestsAreFoundWithoutReadingEveryEvent() {
    var events = TimelineEvents()
    for event in Self.everyKind { events.append(event) }
    // In `everyKind`: the drops are at 9, 10 and 11 (an Int, a Double, another
    // value), the failure at 12, and `.requested(.max(3))` at 2.
    #expect(events.dropPositions == [9, 10, 11])
    #expect(events.failurePositions == [12])
    #expect(events.hasBoundedRequest)
    let unbounded: TimelineEvents = [
      TimelineEvent(time: .zero, kind: .subscribed), TimelineEvent(time: .zero, kind: .requested(.unlimited)),
      TimelineEvent(time: .zero, kind: .value(.int(1))),
    ]
    #expect(unbounded.dropPositions.isEmpty)
    #expect(unbounded.failurePositions.isEmpty)
    #expect(!unbounded.hasBoundedRequest)
  }

  @Test func demandsSubscriptionsAndIntValuesAreReadFromTheColumns() {
    var events = TimelineEvents()
    for event in Self.everyKind { events.append(event) }
    // `everyKind`: 0 subscribed, 1 and 2 demands, 3 and 4 Ints, 5 a Double.
    #expect((0..<events.count).filter { events.isDemand(at: $0) } == [1, 2])
    #expect((0..<events.count).filter { events.isSubscription(at: $0) } == [0])
    #expect(events.intValue(at: 3) == -42)
    #expect(events.intValue(at: 4) == .max)
    #expect(events.intValue(at: 5) == nil)
    // A dropped Int is not a value.
    #expect(events.intValue(at: 9) == nil)
  }

  @Test func everyKindOfEventReadsBackAsItWasAppended() {
    var events = TimelineEvents()
    for event in Self.everyKind { events.append(event) }
    #expect(Array(events) == Self.everyKind)
    #expect(events.count == Self.everyKind.count)
    #expect(events.kind(at: 7) == .value(.string("say \"hi\"")))
    #expect(events.time(at: 14) == VirtualTime(nanoseconds: .max))
  }

  @Test func aNaNValueKeepsItsBitsThoughItEqualsNothing() throws {
    let events: TimelineEvents = [TimelineEvent(time: .zero, kind: .value(.double(.nan)))]
    let kind = events.kind(at: 0)
    let number = try #require(
      { () -> Double? in
        if case .value(.double(let number)) = kind { return number }
        return nil
      }())
    #expect(number.isNaN)
  }

  @Test func insertingAndRemovingKeepsTheOtherEventsInOrder() {
    var events = TimelineEvents(Self.everyKind)
    let extra = TimelineEvent(time: .milliseconds(9), kind: .value(.string("x")))
    events.insert(extra, at: 3)
    var expected = Self.everyKind
    expected.insert(extra, at: 3)
    #expect(Array(events) == expected)
    events.removeSubrange(0..<5)
    expected.removeSubrange(0..<5)
    #expect(Array(events) == expected)
  }

  @Test func equalEventsAreEqualHowEverTheyWereStored() {
    let appended = TimelineEvents(Self.everyKind)
    var rebuilt = TimelineEvents(Self.everyKind.reversed())
    rebuilt.replaceSubrange(rebuilt.indices, with: Self.everyKind)
    #expect(appended == rebuilt)
    #expect(appended.hashValue == rebuilt.hashValue)
    #expect(appended != TimelineEvents(Self.everyKind.dropLast()))
  }
}

/// The probe's fast path for values stores what `append(.value(…))` stores.
@Suite struct TimelineEventsValueFastPathTests {
  @Test(arguments: [
    Value.int(-42), .int(.max), .double(-0.5), .double(.nan), .string("say \"hi\""), .tuple([.int(1), .null]), .null,
  ])
  func appendValueReadsBackAsAppendingTheValueEvent(value: Value) {
    var fast = TimelineEvents()
    fast.appendValue(value, at: .milliseconds(3))
    var slow = TimelineEvents()
    slow.append(TimelineEvent(time: .milliseconds(3), kind: .value(value)))
    // Compared as text: NaN is not equal to itself.
    #expect(String(describing: fast.kind(at: 0)) == String(describing: slow.kind(at: 0)))
    #expect(fast.time(at: 0) == slow.time(at: 0))
    #expect(fast.count == 1)
  }
}
