import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import StreamLabServer

/// A connection that has sent nothing costs the server one handler, and
/// gets its HTTP pipeline with its first bytes: none of them lost, none out
/// of order, and a silent one closed after the idle timeout or at once when
/// the server stops.
@Suite struct SilentConnectionTests {
  /// Collects what reaches the end of the pipeline.
  private final class Received: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    var texts: [String] = []

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      texts.append(String(buffer: unwrapInboundIn(data)))
    }
  }

  private static func connected(_ handler: some ChannelHandler) throws -> EmbeddedChannel {
    let channel = EmbeddedChannel(handler: handler)
    try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 9)).wait()
    return channel
  }

  /// The promise of the pipeline being built, made at the connection's first bytes.
  private final class LaterPipeline {
    var promise: EventLoopPromise<Void>?
  }

  /// A connection whose pipeline is built only when the test fulfils `built.promise`.
  private static func connectedWithPipelineBuiltLater() throws -> (EmbeddedChannel, LaterPipeline) {
    let built = LaterPipeline()
    let channel = try connected(
      SilentConnection(idleTimeout: .seconds(10)) { channel in
        let promise = channel.eventLoop.makePromise(of: Void.self)
        built.promise = promise
        return promise.futureResult
      })
    return (channel, built)
  }

  @Test func aConnectionSilentForTheIdleTimeoutIsClosed() throws {
    var spoke = false
    let channel = try Self.connected(
      SilentConnection(idleTimeout: .seconds(10)) { channel in
        spoke = true
        return channel.eventLoop.makeSucceededVoidFuture()
      })
    channel.embeddedEventLoop.advanceTime(by: .milliseconds(9_999))
    #expect(channel.isActive)
    channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
    #expect(!channel.isActive)
    #expect(!spoke)
  }

  @Test func itsFirstBytesBuildThePipelineAndArePassedOnThroughIt() throws {
    let received = Received()
    var speeches = 0
    let channel = try Self.connected(
      SilentConnection(idleTimeout: .seconds(10)) { channel in
        speeches += 1
        return channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(received) }
      })
    try channel.writeInbound(ByteBuffer(string: "GET / HTTP/1.1\r\n"))
    try channel.writeInbound(ByteBuffer(string: "Host: a\r\n\r\n"))
    #expect(received.texts == ["GET / HTTP/1.1\r\n", "Host: a\r\n\r\n"])
    #expect(speeches == 1)
    #expect(throws: ChannelPipelineError.notFound) {
      try channel.pipeline.syncOperations.handler(type: SilentConnection.self)
    }
    // Speaking ended the silence: the idle timeout is now the HTTP pipeline's.
    channel.embeddedEventLoop.advanceTime(by: .seconds(60))
    #expect(channel.isActive)
  }

  @Test func bytesThatArriveWhileThePipelineIsBuiltWaitForItInOrder() throws {
    let received = Received()
    let (channel, built) = try Self.connectedWithPipelineBuiltLater()
    try channel.writeInbound(ByteBuffer(string: "one "))
    try channel.writeInbound(ByteBuffer(string: "two "))
    try channel.pipeline.syncOperations.addHandler(received)
    #expect(received.texts.isEmpty)
    try #require(built.promise).succeed()
    try channel.writeInbound(ByteBuffer(string: "three"))
    #expect(received.texts == ["one ", "two ", "three"])
  }

  @Test func aConnectionClosedWhileItsPipelineIsBuiltHandsNothingOn() throws {
    let received = Received()
    let (channel, built) = try Self.connectedWithPipelineBuiltLater()
    try channel.pipeline.syncOperations.addHandler(received)
    try channel.writeInbound(ByteBuffer(string: "GET / HTTP/1.1\r\n"))
    try channel.close().wait()
    try #require(built.promise).succeed()
    #expect(received.texts.isEmpty)
  }

  @Test func aPipelineThatCannotBeBuiltClosesTheConnection() throws {
    struct Refused: Error {}
    let channel = try Self.connected(
      SilentConnection(idleTimeout: .seconds(10)) { channel in channel.eventLoop.makeFailedFuture(Refused()) })
    try channel.writeInbound(ByteBuffer(string: "GET / HTTP/1.1\r\n"))
    #expect(!channel.isActive)
  }

  @Test func theServerStoppingClosesASilentConnectionAtOnce() throws {
    let channel = try Self.connected(
      SilentConnection(idleTimeout: .seconds(10)) { channel in channel.eventLoop.makeSucceededVoidFuture() })
    channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
    #expect(!channel.isActive)
  }

  /// What the server installs on a connection it accepts, and what it
  /// installs when the connection speaks: Hummingbird's HTTP pipeline with
  /// the head guard in front, and the connection handed over to be answered.
  @Test func theServerGivesAConnectionItsHTTPPipelineOnlyWhenItSpeaks() throws {
    let api = WebAPI(limits: ServerLimits(), lessonsFolder: URL(fileURLWithPath: "/nonexistent"), progressFile: nil)
    let playground = PlaygroundChannel(
      limits: api.limits, connections: ConnectionTable(capacity: 8), executor: api.executor,
      responder: { _, _, _ in })
    let channel = EmbeddedChannel()
    try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 9)).wait()
    let handedOver = NIOLockedValueBox(0)
    try playground.accept(channel) { _ in handedOver.withLockedValue { $0 += 1 } }.wait()
    let pipeline = channel.pipeline.syncOperations
    #expect(throws: Never.self) { try pipeline.handler(type: SilentConnection.self) }
    #expect(throws: ChannelPipelineError.notFound) { try pipeline.handler(type: RequestHeadGuard.self) }
    #expect(throws: ChannelPipelineError.notFound) {
      try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
    }
    #expect(handedOver.withLockedValue { $0 } == 0)

    try channel.writeInbound(ByteBuffer(string: "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
    #expect(throws: ChannelPipelineError.notFound) { try pipeline.handler(type: SilentConnection.self) }
    #expect(throws: Never.self) { try pipeline.handler(type: RequestHeadGuard.self) }
    #expect(throws: Never.self) { try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self) }
    #expect(handedOver.withLockedValue { $0 } == 1)
  }
}
