import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOPosix

/// `streamlab serve`'s HTTP server: HummingbirdCore's HTTP/1 server on
/// SwiftNIO (`PlaygroundChannel` has the limits), with every request handed
/// to `WebAPI` once its body has been read within the size limit.
public final class PlaygroundServer: Sendable {
  private let server: Server<PlaygroundChannel>
  private let listening: EventLoopPromise<Int>
  /// Connections kept open at once, below the file-descriptor limit.
  public let connectionCapacity: Int

  /// - Parameter host: an IPv4 or IPv6 address, or `localhost`; nothing is
  ///   resolved, so the server listens exactly where the command line says.
  public init(api: WebAPI, host: String, port: UInt16) throws {
    let host = try Self.address(host: host)
    let softLimit = OpenFileLimit.raiseSoftLimit()
    connectionCapacity = api.limits.maxConnections ?? OpenFileLimit.connectionCapacity(softLimit: softLimit)
    let group = MultiThreadedEventLoopGroup.singleton
    let listening = group.next().makePromise(of: Int.self)
    self.listening = listening
    let channel = PlaygroundChannel(
      limits: api.limits, connections: ConnectionTable(capacity: connectionCapacity), executor: api.executor,
      responder: { request, writer, channel in
        try await APIResponder(api: api).respond(to: request, writer: writer, channel: channel)
      })
    // A backlog of 256 (Hummingbird's default) overflows when a client
    // opens connections in a burst, and a dropped SYN is sent again only a
    // second later: measured, a run waited 1.1 s while 2,000 connections were
    // opened. The kernel caps it at net.core.somaxconn (4,096 here).
    server = Server(
      childChannelSetup: channel,
      configuration: ServerConfiguration(address: .hostname(host, port: Int(port)), backlog: 4_096),
      onServerRunning: { channel in listening.succeed(channel.localAddress?.port ?? 0) },
      eventLoopGroup: group,
      logger: Logger(label: "streamlab-serve", factory: { _ in SwiftLogNoOpLogHandler() }))
  }

  /// Throws `--host`'s message for a host the server cannot listen on, so the
  /// command line can refuse it with its own usage line before starting.
  public static func check(host: String) throws {
    _ = try address(host: host)
  }

  /// Serves until `stop()` or until the socket fails.
  public func run() async throws {
    do {
      try await server.run()
    } catch {
      listening.fail(error)
      throw error
    }
    listening.fail(ServerError("the server stopped before it listened"))
  }

  /// The port it listens on, once it does (the one the system chose for port 0).
  public func listeningPort() async throws -> Int {
    try await listening.futureResult.get()
  }

  /// Stops accepting, lets requests in progress finish, and closes the idle connections.
  public func stop() async {
    try? await server.shutdownGracefully()
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
