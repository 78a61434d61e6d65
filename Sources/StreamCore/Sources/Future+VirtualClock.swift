import OpenCombine

extension Future where Output == Value, Failure == StreamError {
  /// `future 200ms 42`: an eager `Future` whose promise the clock fulfils
  /// `delay` after now.
  ///
  /// Like every `Future`, it starts at once (not per subscription), runs
  /// once, and replays its result to subscribers that come later. Wrap it in
  /// `Deferred { … }` (`deferred { future 200ms 42 }`) to start one per
  /// subscription instead.
  ///
  /// - Parameters:
  ///   - delay: How long after now the promise is fulfilled.
  ///   - clock: The virtual clock that fulfils it.
  ///   - result: The value (or failure) it is fulfilled with.
  public convenience init(
    fulfillingAfter delay: VirtualInterval, on clock: VirtualClock, with result: Result<Value, StreamError>
  ) {
    self.init { promise in
      clock.schedule(after: clock.now.advanced(by: delay)) { promise(result) }
    }
  }
}
