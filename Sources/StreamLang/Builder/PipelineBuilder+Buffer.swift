import OpenCombine
import StreamCore

extension PipelineBuilder {
  /// `buffer N prefetch: … whenFull: …`, on StreamCore's buffer: OpenCombine's
  /// can fail its subscriber before giving it the subscription.
  func buffer(
    _ upstream: AnyValuePublisher, size: Expr, prefetch: BufferPrefetch, whenFull: BufferWhenFull,
    in context: BuildContext
  ) throws -> AnyValuePublisher {
    let capacity = try count(size, in: context, what: "buffer needs a size, like `buffer 3`", atLeast: 1)
    let strategy: Publishers.BufferingStrategy<StreamError>
    switch whenFull {
    case .dropOldest: strategy = .dropOldest
    case .dropNewest: strategy = .dropNewest
    case .fail(let message):
      let text = try string(
        message, in: context, what: "`whenFull: fail` needs a message, like `whenFull: fail \"full\"`")
      strategy = .customError { StreamError(text) }
    }
    let asking: Publishers.PrefetchStrategy
    switch prefetch {
    case .byRequest: asking = .byRequest
    case .keepFull: asking = .keepFull
    }
    return upstream.exactBuffer(size: capacity, prefetch: asking, whenFull: strategy).eraseToAnyPublisher()
  }
}
