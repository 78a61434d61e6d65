/// `buffer 3 prefetch: keepFull`: how a buffer asks its upstream for values,
/// Combine's `Publishers.PrefetchStrategy`.
public enum BufferPrefetch: String, Hashable, CaseIterable {
  /// Asks upstream for everything at once (the default).
  case byRequest
  /// Asks for the buffer's size, then one more for each value handed on.
  case keepFull
}

/// `buffer 3 whenFull: dropNewest`: what a buffer does with a value that
/// finds it full, Combine's `Publishers.BufferingStrategy`.
public enum BufferWhenFull: Hashable {
  /// Drops the oldest value held to make room (the default).
  case dropOldest
  /// Drops the value that found the buffer full.
  case dropNewest
  /// `fail "msg"`: fails with the message and cancels upstream.
  case fail(message: Expr)

  /// The words that may follow `whenFull:`.
  public static let spellings = ["dropOldest", "dropNewest", "fail"]
}
