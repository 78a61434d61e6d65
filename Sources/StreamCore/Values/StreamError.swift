import OpenCombine

/// The failure type of every streamlab pipeline: a message a student can read.
///
/// `fail "boom"`, `#` in a marble string and a throwing `tryMap` closure all
/// become one of these.
public struct StreamError: Error, Hashable, CustomStringConvertible {
  public var message: String
  /// The Swift error value a paste threw or failed with (`Fail(error:
  /// APIError.offline)`), so its `catch` can match it; nil for streamlab's own errors.
  public var thrown: Value?

  public init(_ message: String, thrown: Value? = nil) {
    self.message = message
    self.thrown = thrown
  }

  public var description: String { message }
}

/// The type of every stage in a streamlab pipeline.
public typealias AnyValuePublisher = AnyPublisher<Value, StreamError>
