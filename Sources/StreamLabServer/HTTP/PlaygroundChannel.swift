import HummingbirdCore
import Logging
import NIOCore

/// One accepted connection's pipeline: Hummingbird's HTTP/1 channel
/// (NIO's parser with header limits, `RequestAdmission`, the idle timeout)
/// behind a `RequestHeadGuard` that sees the raw bytes first, and the
/// connection counted in the `ConnectionTable`.
struct PlaygroundChannel: ServerChildChannel {
  typealias Value = HTTP1Channel.Value

  let http1: HTTP1Channel
  let limits: ServerLimits
  let connections: ConnectionTable
  /// Where the connection's task runs (`RunWorkers`).
  let executor: any TaskExecutor

  init(
    limits: ServerLimits, connections: ConnectionTable, executor: any TaskExecutor,
    responder: @escaping HTTPChannelHandler.Responder
  ) {
    self.limits = limits
    self.connections = connections
    self.executor = executor
    // NIO's own limit counts the request target and the header lines
    // together; the guard's two limits are tighter, this one is the backstop.
    let parserLimit = limits.maxRequestLineBytes + limits.maxHeaderBytes
    let configuration = HTTP1Channel.Configuration(
      additionalChannelHandlers: [RequestAdmission(limits: limits, connections: connections)],
      idleTimeout: .nanoseconds(Int64(limits.idleTimeoutSeconds * 1e9)),
      httpDecoderConfiguration: .init(
        maxHeaderFieldSize: parserLimit, maxHeaderListSize: parserLimit, maxHeaderFieldCount: 1_000))
    http1 = HTTP1Channel(responder: responder, configuration: configuration)
  }

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    connections.admit(channel)
    do {
      try channel.pipeline.syncOperations.addHandler(RequestHeadGuard(limits: limits), position: .first)
    } catch {
      return channel.eventLoop.makeFailedFuture(error)
    }
    return http1.setup(channel: channel, logger: logger)
  }

  func handle(value: Value, logger: Logger) async {
    // From the request's bytes to its answer on the threads that run the
    // programs: a run is a call, not a hop to another thread and back.
    await withTaskExecutorPreference(executor) {
      await http1.handle(value: value, logger: logger)
    }
  }
}
