import NIOCore

/// The limits' seconds as NIO's timers take them.
extension ServerLimits {
  /// `idleTimeoutSeconds`: a silent connection, a keep-alive between requests.
  var idleTimeout: TimeAmount { .nanoseconds(Int64(idleTimeoutSeconds * 1e9)) }
  /// `requestTimeoutSeconds`: from a request's head to the end of its body.
  var requestTimeout: TimeAmount { .nanoseconds(Int64(requestTimeoutSeconds * 1e9)) }
}
