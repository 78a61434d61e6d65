import Testing

@testable import StreamCore

/// A row's columns grow in place past the size where they move to a mapping
/// of their own, and copies of a row stay independent, as arrays would.
@Suite struct EventColumnsTests {
  /// Enough `Int` events that the time and payload columns pass
  /// `ColumnBlock.mappedSize` twice over, so they are mapped and then grown
  /// by the kernel; the codes column (a byte an event) stays in malloc's memory.
  static let longRow = 3 * ColumnBlock<Int>.mappedSize / MemoryLayout<Int>.stride + 17

  @Test func aRowLongerThanAMappingReadsBackEveryEventInOrder() {
    var events = TimelineEvents()
    for index in 0..<Self.longRow {
      events.appendValue(.int(index &* 7 - 5), at: VirtualTime(nanoseconds: index / 3))
    }
    #expect(events.count == Self.longRow)
    var mismatches = 0
    for index in 0..<Self.longRow
    where events.intValue(at: index) != index &* 7 - 5 || events.time(at: index).nanoseconds != index / 3 {
      mismatches += 1
    }
    #expect(mismatches == 0)
    #expect(
      events.last
        == TimelineEvent(
          time: VirtualTime(nanoseconds: (Self.longRow - 1) / 3), kind: .value(.int((Self.longRow - 1) &* 7 - 5))))
  }

  @Test func aCopyIsNotChangedByAppendingToTheOriginal() {
    var original = TimelineEvents()
    for index in 0..<Self.longRow { original.appendValue(.int(index), at: .zero) }
    let copy = original
    original.append(TimelineEvent(time: .milliseconds(1), kind: .finished))
    original.appendValue(.string("late"), at: .milliseconds(2))
    #expect(copy.count == Self.longRow)
    #expect(copy.last == TimelineEvent(time: .zero, kind: .value(.int(Self.longRow - 1))))
    #expect(original.count == Self.longRow + 2)
    #expect(original.last == TimelineEvent(time: .milliseconds(2), kind: .value(.string("late"))))
    #expect(Array(original.prefix(Self.longRow)) == Array(copy))
  }

  @Test func appendingToACopyLeavesTheOriginalAsItWas() {
    var original = TimelineEvents()
    for event in TimelineEventsTests.everyKind { original.append(event) }
    var copy = original
    copy.reserveCapacity(1000)
    copy.append(TimelineEvent(time: .milliseconds(9), kind: .finished))
    #expect(Array(original) == TimelineEventsTests.everyKind)
    #expect(Array(copy) == TimelineEventsTests.everyKind + [TimelineEvent(time: .milliseconds(9), kind: .finished)])
  }

  @Test func reservingRoomKeepsTheEventsAlreadyRecorded() {
    var events = TimelineEvents()
    for event in TimelineEventsTests.everyKind { events.append(event) }
    events.reserveCapacity(Self.longRow)
    #expect(Array(events) == TimelineEventsTests.everyKind)
    for index in 0..<Self.longRow { events.appendValue(.int(index), at: .zero) }
    #expect(Array(events.prefix(TimelineEventsTests.everyKind.count)) == TimelineEventsTests.everyKind)
    #expect(events.count == TimelineEventsTests.everyKind.count + Self.longRow)
  }

  /// A synchronous source records a long row at one instant, which keeps no
  /// times column until a later time arrives; then every earlier event
  /// still reads the shared time.
  @Test func aLongRowAtOneInstantKeepsItsTimesWhenALaterTimeArrives() {
    var events = TimelineEvents()
    let instant = VirtualTime(nanoseconds: 5_000_000)
    for index in 0..<Self.longRow { events.appendValue(.int(index), at: instant) }
    let atOneInstant = events
    events.append(TimelineEvent(time: .milliseconds(9), kind: .finished))
    var wrongTimes = 0
    for index in 0..<Self.longRow where events.time(at: index) != instant || atOneInstant.time(at: index) != instant {
      wrongTimes += 1
    }
    #expect(wrongTimes == 0)
    #expect(events.last == TimelineEvent(time: .milliseconds(9), kind: .finished))
    #expect(events.count == Self.longRow + 1)
    #expect(atOneInstant.count == Self.longRow)
    var copy = atOneInstant
    copy.append(TimelineEvent(time: .milliseconds(7), kind: .cancelled))
    #expect(copy.time(at: 0) == instant)
    #expect(copy.last == TimelineEvent(time: .milliseconds(7), kind: .cancelled))
    #expect(atOneInstant.last?.time == instant)
  }

  @Test func anEmptyRowHasNoEvents() {
    let events = TimelineEvents()
    #expect(events.isEmpty)
    #expect(events.first == nil)
    #expect(events == [])
  }
}
