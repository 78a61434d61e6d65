import OpenCombine

/// The failure type of every streamlab pipeline: a message a student can read.
///
/// `fail "boom"`, `#` in a marble string and a throwing `tryMap` closure all
/// become one of these.
public struct StreamError: Error, Hashable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}

/// The type of every stage in a streamlab pipeline.
public typealias AnyValuePublisher = AnyPublisher<Value, StreamError>
