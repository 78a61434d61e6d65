/// One row's part of a run's causes (issue 33): beside each of its events,
/// the event's id and the id of the event being handled when it happened
/// (-1 for none), as `CauseTracker` saw them; and the rule of the row's
/// operator, if it has one.
public struct RowCauses: Hashable {
  public var eventIDs: [Int]
  public var handledDuring: [Int]
  public var rule: CauseRule?
  /// What downstream had asked of the stage and not yet received, at the
  /// instant the run noted its state (`RunOptions.snapshotAt`): the probe's
  /// own count, which includes the demand `receive(_:)` returns (never a
  /// `request` event). Nil when the stage was not subscribed then.
  public var demandAtSnapshot: DemandCount?

  public init(eventIDs: [Int], handledDuring: [Int], rule: CauseRule? = nil, demandAtSnapshot: DemandCount? = nil) {
    self.eventIDs = eventIDs
    self.handledDuring = handledDuring
    self.rule = rule
    self.demandAtSnapshot = demandAtSnapshot
  }
}

/// What a few operators add to the event being handled, each from the
/// operator's documented contract, over the events of its input rows (the
/// stage before it and the inner rows it opened):
public enum CauseRule: Hashable {
  /// `combineLatest`: a tuple is the event that arrived and the latest
  /// value of every other input.
  case latestOfEachInput
  /// `zip`: the nth tuple is the nth value of each input.
  case nthOfEachInput
  /// `scan`: a value is the input that arrived and the accumulator before
  /// it, the row's previous value.
  case withPreviousOutput
  /// `collect`: a batch is every input value since the previous batch.
  case batch
  /// `throttle latest: true`: the value sent at a window's end is the latest
  /// one that came in it, whose arrival did not schedule the send.
  case latestEqualInput
  /// `buffer`: the nth value out is the nth value in; it leaves when
  /// downstream asks, not when it arrives.
  case nthInput
}
