import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Looks at each request between NIO's HTTP parser and Hummingbird: refuses
/// a declared `Content-Length` over the body limit with 413 before a byte of
/// the body is read, and a request whose body has not arrived within
/// `requestTimeoutSeconds` of its head with 408 (a body sent a byte at a time
/// would otherwise keep its connection for as long as the client likes).
/// It also tells `RequestHeadGuard` where heads begin and `ConnectionTable`
/// which connections are busy. A request NIO's parser refuses (a
/// `Content-Length` that is not a number, two that differ, one beside
/// `Transfer-Encoding`) is answered here with 400, on the event loop: left to
/// Hummingbird, the answer waits for a task, and on a busy machine the idle
/// timeout may close the connection first.
final class RequestAdmission: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart
  typealias OutboundIn = HTTPResponsePart
  typealias OutboundOut = HTTPResponsePart

  private let maxBodyBytes: Int
  private let requestTimeout: TimeAmount
  private let connections: ConnectionTable
  private var headGuard: RequestHeadGuard?
  private var deadline: Scheduled<Void>?
  /// A refusal has been written; the rest of the request is dropped.
  private var refused = false
  /// A head has been handed on to Hummingbird and its end has not.
  private var readingRequest = false

  init(limits: ServerLimits, connections: ConnectionTable) {
    maxBodyBytes = limits.maxBodyBytes
    requestTimeout = limits.requestTimeout
    self.connections = connections
  }

  func handlerAdded(context: ChannelHandlerContext) {
    headGuard = try? context.pipeline.syncOperations.handler(type: RequestHeadGuard.self)
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    deadline?.cancel()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !refused else { return }
    switch unwrapInboundIn(data) {
    case .head(let head):
      headGuard?.headParsed()
      connections.setBusy(context.channel, true)
      if let declared = head.headerFields[.contentLength].flatMap(Int.init), declared > maxBodyBytes {
        return refuse(
          HTTPRefusal(
            status: 413, message: "the request body is larger than the server's limit of \(maxBodyBytes) bytes"),
          context: context)
      }
      readingRequest = true
      deadline = context.eventLoop.scheduleTask(in: requestTimeout) { [weak self] in
        self?.refuse(
          HTTPRefusal(status: 408, message: "the request's body did not arrive within the server's time limit"),
          context: context, handedOn: true)
      }
    case .body:
      break
    case .end:
      readingRequest = false
      deadline?.cancel()
      deadline = nil
      headGuard?.requestEnded()
    }
    context.fireChannelRead(data)
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    guard let error = error as? HTTPParserError else { return context.fireErrorCaught(error) }
    refuse(
      HTTPRefusal(status: 400, message: "the request is not valid HTTP/1.1 (\(error))"), context: context,
      handedOn: readingRequest)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    if case .end = unwrapOutboundIn(data) { connections.setBusy(context.channel, false) }
    context.write(data, promise: promise)
  }

  /// Writes the refusal (with `Connection: close`) and closes. A refused
  /// head never reaches Hummingbird: the way out is closed at once and the
  /// idle timeout closes the rest, so the client can read the answer before
  /// what it still sends is dropped. A request already handed on (408) is
  /// closed whole, which ends its wait for the body.
  private func refuse(_ refusal: HTTPRefusal, context: ChannelHandlerContext, handedOn: Bool = false) {
    guard !refused else { return }
    refused = true
    deadline?.cancel()
    deadline = nil
    connections.setBusy(context.channel, false)
    context.write(wrapOutboundOut(.head(refusal.head)), promise: nil)
    context.write(wrapOutboundOut(.body(refusal.body)), promise: nil)
    context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
      context.close(mode: handedOn ? .all : .output, promise: nil)
    }
  }
}
