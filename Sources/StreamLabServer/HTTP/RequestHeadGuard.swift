import NIOCore

/// Counts the bytes of each request's head as they arrive, before NIO's
/// HTTP parser sees them, and answers 414 when the request line is longer
/// than `maxRequestLineBytes` and 431 when the header lines together are
/// longer than `maxHeaderBytes`; then it closes the connection. NIO's parser
/// has a limit of its own, but one for the line and the headers together,
/// and a refusal from it is a bare 400 that cannot say which was too long.
///
/// It watches one head at a time: `RequestAdmission` says when a request
/// has been read to its end (the next bytes begin a head) and when the parser
/// has a head the guard did not watch whole (requests pipelined in one read),
/// which it then leaves to the parser's own limit.
final class RequestHeadGuard: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer
  typealias OutboundOut = ByteBuffer

  private enum State {
    case requestLine(bytes: Int)
    /// `lineBytes` of the current header line, CR included, and `bytes` of all of them.
    case headers(bytes: Int, lineBytes: Int)
    /// A head has ended: its body, if any, goes to the parser unwatched.
    case afterHead
    case refused
  }

  private let maxRequestLineBytes: Int
  private let maxHeaderBytes: Int
  private var state = State.requestLine(bytes: 0)

  init(limits: ServerLimits) {
    maxRequestLineBytes = limits.maxRequestLineBytes
    maxHeaderBytes = limits.maxHeaderBytes
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if case .refused = state { return }
    if case .afterHead = state { return context.fireChannelRead(data) }
    let buffer = unwrapInboundIn(data)
    for byte in buffer.readableBytesView {
      if let refusal = step(byte) {
        refuse(refusal, context: context)
        return
      }
      if case .afterHead = state { break }
    }
    context.fireChannelRead(data)
  }

  /// The next bytes begin a new request's head.
  func requestEnded() {
    if case .afterHead = state { state = .requestLine(bytes: 0) }
  }

  /// The parser has a whole head: if the guard was still counting one, the
  /// head came pipelined behind another request's end, and is the parser's.
  func headParsed() {
    switch state {
    case .requestLine, .headers: state = .afterHead
    case .afterHead, .refused: break
    }
  }

  private func step(_ byte: UInt8) -> HTTPRefusal? {
    switch state {
    case .requestLine(let bytes):
      if byte == UInt8(ascii: "\n") {
        // Empty lines before a request line are allowed (RFC 9112, 2.2).
        state = bytes <= 1 ? .requestLine(bytes: 0) : .headers(bytes: 0, lineBytes: 0)
        return nil
      }
      guard bytes < maxRequestLineBytes else {
        return HTTPRefusal(
          status: 414, message: "the request line is longer than the server's limit of \(maxRequestLineBytes) bytes")
      }
      state = .requestLine(bytes: bytes + 1)
    case .headers(let bytes, let lineBytes):
      if byte == UInt8(ascii: "\n") {
        state = lineBytes <= 1 ? .afterHead : .headers(bytes: bytes, lineBytes: 0)
        return nil
      }
      guard bytes < maxHeaderBytes else {
        return HTTPRefusal(
          status: 431, message: "the request's headers are longer than the server's limit of \(maxHeaderBytes) bytes")
      }
      state = .headers(bytes: bytes + 1, lineBytes: lineBytes + 1)
    case .afterHead, .refused:
      break
    }
    return nil
  }

  /// Answers with the refusal and closes the way out; what the client still
  /// sends is dropped until the idle timeout closes the connection.
  private func refuse(_ refusal: HTTPRefusal, context: ChannelHandlerContext) {
    state = .refused
    context.writeAndFlush(wrapOutboundOut(refusal.bytes)).whenComplete { _ in
      context.close(mode: .output, promise: nil)
    }
  }
}
