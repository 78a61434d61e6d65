import Foundation
import HummingbirdCore
import NIOConcurrencyHelpers
import NIOCore
import NIOExtras
import NIOPosix

/// `streamlab serve`'s HTTP server: SwiftNIO's listening socket and
/// Hummingbird's HTTP/1 channel (`PlaygroundChannel` has the limits), with
/// every request handed to `WebAPI` once its body has been read within the
/// size limit.
///
/// The accepting is its own: HummingbirdCore's `Server` builds a whole HTTP
/// pipeline and starts a task for every connection it accepts, about 180 µs
/// of CPU each. A client that opens 2,000 connections at once then kept a
/// student's request waiting in the kernel's accept queue, behind all of
/// them, for up to a second. Here a connection costs an accept and a
/// `SilentConnection` until it sends its first bytes, and the accepting runs
/// on an event loop of its own, so it is never queued behind a run's answer.
public final class PlaygroundServer: Sendable {
  private let host: String
  private let port: Int
  private let channel: PlaygroundChannel
  private let listening: EventLoopPromise<Int>
  private let state = NIOLockedValueBox(State.notStarted)
  /// Connections kept open at once, below the file-descriptor limit.
  public let connectionCapacity: Int
  /// The connections open now (for the tests).
  var connections: ConnectionTable { channel.connections }

  private enum State {
    case notStarted
    case listening(ServerQuiescingHelper, allClosed: EventLoopPromise<Void>)
    case stopped
  }

  /// The loop that accepts: a thread of its own beside NIO's shared group,
  /// where the connections live.
  private static let acceptingLoop = MultiThreadedEventLoopGroup(numberOfThreads: 1)

  /// - Parameter host: an IPv4 or IPv6 address, or `localhost`; nothing is
  ///   resolved, so the server listens exactly where the command line says.
  public init(api: WebAPI, host: String, port: UInt16) throws {
    self.host = try Self.address(host: host)
    self.port = Int(port)
    let softLimit = OpenFileLimit.raiseSoftLimit()
    connectionCapacity = api.limits.maxConnections ?? OpenFileLimit.connectionCapacity(softLimit: softLimit)
    listening = Self.acceptingLoop.next().makePromise(of: Int.self)
    channel = PlaygroundChannel(
      limits: api.limits, connections: ConnectionTable(capacity: connectionCapacity), executor: api.executor,
      responder: { request, writer, channel in
        try await APIResponder(api: api).respond(to: request, writer: writer, channel: channel)
      })
  }

  /// Throws `--host`'s message for a host the server cannot listen on, so the
  /// command line can refuse it with its own usage line before starting.
  public static func check(host: String) throws {
    _ = try address(host: host)
  }

  /// Serves until `stop()`, until the task is cancelled, or until the socket fails.
  public func run() async throws {
    let (speaking, connections) = AsyncStream.makeStream(of: PlaygroundChannel.Value.self)
    let quiescing = ServerQuiescingHelper(group: Self.acceptingLoop)
    let allClosed = Self.acceptingLoop.next().makePromise(of: Void.self)
    // The stream ends once every connection has closed, so a connection
    // that spoke while the server stopped is still answered.
    allClosed.futureResult.whenComplete { _ in connections.finish() }
    let channel = self.channel
    let server: any Channel
    do {
      server = try await bootstrap(quiescing: quiescing) { connections.yield($0) }
        .bind(host: host, port: port).get()
    } catch {
      listening.fail(error)
      allClosed.succeed()
      throw error
    }
    let stoppedEarly = state.withLockedValue { state in
      guard case .notStarted = state else { return true }
      state = .listening(quiescing, allClosed: allClosed)
      return false
    }
    listening.succeed(server.localAddress?.port ?? 0)
    // A socket that fails stops the server as `stop()` does.
    server.closeFuture.whenComplete { [weak self] _ in self?.beginStopping() }
    if stoppedEarly { quiescing.initiateShutdown(promise: allClosed) }
    await withTaskCancellationHandler {
      await withDiscardingTaskGroup { group in
        for await connection in speaking {
          group.addTask(executorPreference: channel.executor) { await channel.handle(value: connection) }
        }
      }
    } onCancel: {
      self.beginStopping()
    }
  }

  /// The port it listens on, once it does (the one the system chose for port 0).
  public func listeningPort() async throws -> Int {
    try await listening.futureResult.get()
  }

  /// Stops accepting, lets requests in progress finish, and closes the idle connections.
  public func stop() async {
    guard let allClosed = beginStopping() else { return }
    try? await allClosed.futureResult.get()
  }

  /// Closes the listening socket and asks every connection to close once
  /// its request in progress is answered; nil when it never listened.
  @discardableResult
  private func beginStopping() -> EventLoopPromise<Void>? {
    state.withLockedValue { state in
      switch state {
      case .notStarted:
        state = .stopped
        return nil
      case .listening(let quiescing, let allClosed):
        state = .stopped
        quiescing.initiateShutdown(promise: allClosed)
        return allClosed
      case .stopped:
        return nil
      }
    }
  }

  private func bootstrap(
    quiescing: ServerQuiescingHelper, spoke: @escaping @Sendable (PlaygroundChannel.Value) -> Void
  ) -> ServerBootstrap {
    let channel = self.channel
    return ServerBootstrap(group: Self.acceptingLoop, childGroup: MultiThreadedEventLoopGroup.singleton)
      // A backlog of 256 (Hummingbird's default) overflows when a client
      // opens connections in a burst, and a dropped SYN is sent again only a
      // second later: measured, a run waited 1.1 s while 2,000 connections
      // were opened. The kernel caps it at net.core.somaxconn (4,096 here).
      .serverChannelOption(ChannelOptions.backlog, value: 4_096)
      .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
      .serverChannelInitializer { server in
        server.eventLoop.makeCompletedFuture {
          try server.pipeline.syncOperations.addHandler(quiescing.makeServerChannelHandler(channel: server))
        }
      }
      .childChannelOption(ChannelOptions.allowRemoteHalfClosure, value: true)
      .childChannelInitializer { connection in channel.accept(connection, spoke: spoke) }
  }

  private static func address(host: String) throws -> String {
    if host == "localhost" { return "127.0.0.1" }
    var ipv4 = in_addr()
    var ipv6 = in6_addr()
    if inet_pton(AF_INET, host, &ipv4) == 1 || inet_pton(AF_INET6, host, &ipv6) == 1 { return host }
    throw ServerError("--host takes an IP address such as 127.0.0.1 or ::1, or localhost")
  }
}

/// Why the server could not start, in words for the command line.
public struct ServerError: Error, CustomStringConvertible {
  public var description: String

  init(_ description: String) {
    self.description = description
  }
}
