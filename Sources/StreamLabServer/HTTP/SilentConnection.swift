import NIOCore

/// The whole pipeline of a connection that has sent nothing yet. A burst of
/// bare connects (2,000 at once, to fill the server's file descriptors) then
/// costs an accept and this handler each, not an HTTP pipeline and a task:
/// measured, the full setup took about 180 µs of CPU per connection, and a
/// student's request that arrived during the burst waited in the kernel's
/// accept queue behind all of them.
///
/// At the first bytes it asks `speak` to build the HTTP pipeline behind it,
/// hands those bytes on, and steps aside. A connection that stays silent is
/// closed after `idleTimeout`, as the HTTP pipeline closes an idle one, and
/// at once when the server stops.
final class SilentConnection: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer

  /// Builds the HTTP pipeline after this handler; a failed future closes the connection.
  typealias Speak = (any Channel) -> EventLoopFuture<Void>

  private enum State {
    case silent
    /// The pipeline is being built; what arrives meanwhile waits here.
    case speaking(waiting: [NIOAny])
    case spoken
  }

  private let idleTimeout: TimeAmount
  private let speak: Speak
  private var deadline: Scheduled<Void>?
  private var state = State.silent

  init(idleTimeout: TimeAmount, speak: @escaping Speak) {
    self.idleTimeout = idleTimeout
    self.speak = speak
  }

  func handlerAdded(context: ChannelHandlerContext) {
    let channel = context.channel
    deadline = context.eventLoop.scheduleTask(in: idleTimeout) { channel.close(promise: nil) }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    deadline?.cancel()
    deadline = nil
  }

  func channelInactive(context: ChannelHandlerContext) {
    // A connection closed while its pipeline was being built has nothing left to hand on.
    if case .speaking = state { state = .spoken }
    context.fireChannelInactive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch state {
    case .spoken:
      context.fireChannelRead(data)
    case .speaking(var waiting):
      waiting.append(data)
      state = .speaking(waiting: waiting)
    case .silent:
      state = .speaking(waiting: [data])
      deadline?.cancel()
      deadline = nil
      // Hummingbird builds its pipeline in a completed future, so this
      // runs at once; were it later, the bytes would wait for it.
      speak(context.channel).assumeIsolated().whenComplete { result in
        guard case .speaking(let waiting) = self.state else { return }
        self.state = .spoken
        guard case .success = result else { return context.close(promise: nil) }
        for data in waiting { context.fireChannelRead(data) }
        context.fireChannelReadComplete()
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
      }
    }
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    if case .spoken = state { context.fireChannelReadComplete() }
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    // Only a silent connection stops here: once it has spoken, the HTTP
    // pipeline behind it closes it when its request in progress is answered.
    if case .silent = state, event is ChannelShouldQuiesceEvent { return context.close(promise: nil) }
    context.fireUserInboundEventTriggered(event)
  }
}
