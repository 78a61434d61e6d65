import HummingbirdCore
import Logging
import NIOCore

/// One accepted connection: counted in the `ConnectionTable` and silent
/// (`SilentConnection`) until its first bytes; then Hummingbird's HTTP/1
/// channel (NIO's parser with header limits, `RequestAdmission`, the idle
/// timeout) behind a `RequestHeadGuard` that sees the raw bytes first.
struct PlaygroundChannel: Sendable {
  typealias Value = HTTP1Channel.Value

  let http1: HTTP1Channel
  let limits: ServerLimits
  let connections: ConnectionTable
  /// Where the connection's task runs (`RunWorkers`).
  let executor: any TaskExecutor
  private let logger = Logger(label: "streamlab-serve", factory: { _ in SwiftLogNoOpLogHandler() })

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
      idleTimeout: limits.idleTimeout,
      httpDecoderConfiguration: .init(
        maxHeaderFieldSize: parserLimit, maxHeaderListSize: parserLimit, maxHeaderFieldCount: 1_000))
    http1 = HTTP1Channel(responder: responder, configuration: configuration)
  }

  /// Sets up a connection just accepted; `spoke` gets its HTTP channel once
  /// it has sent its first bytes, to be handled.
  func accept(_ channel: any Channel, spoke: @escaping @Sendable (Value) -> Void) -> EventLoopFuture<Void> {
    connections.admit(channel)
    let silent = SilentConnection(idleTimeout: limits.idleTimeout) { channel in
      self.speak(channel).map(spoke)
    }
    return channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(silent) }
  }

  /// Builds the HTTP pipeline behind the `SilentConnection`.
  private func speak(_ channel: any Channel) -> EventLoopFuture<Value> {
    do {
      try channel.pipeline.syncOperations.addHandler(RequestHeadGuard(limits: limits))
    } catch {
      return channel.eventLoop.makeFailedFuture(error)
    }
    return http1.setup(channel: channel, logger: logger)
  }

  /// Reads the connection's requests and writes their answers until it closes.
  func handle(value: Value) async {
    await http1.handle(value: value, logger: logger)
  }
}
