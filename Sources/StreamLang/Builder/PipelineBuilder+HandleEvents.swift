import OpenCombine
import StreamCore

extension PipelineBuilder {
  /// `handleEvents output: E, …`: OpenCombine's own `handleEvents`, whose
  /// closures log each expression's value in the run's log, where `print`
  /// writes, stamped with the virtual time.
  ///
  /// `x` is the event: the value for `output:`, `"finished"` or the failure's
  /// message for `completion:`, the demand (a count, or `"unlimited"`) for
  /// `request:`, the subscription's name for `subscription:`, nil for
  /// `cancel:`. An error in an expression stops the run, as in `map`: Combine's
  /// closures cannot throw.
  func handleEvents(_ upstream: AnyValuePublisher, _ handlers: [EventHandler], stage: String, in context: BuildContext)
    throws -> AnyValuePublisher
  {
    var loggers: [HandledEvent: (Value) -> Void] = [:]
    for handler in handlers {
      let evaluate = trapping(
        try expressions.unary(handler.body, in: context), stage: stage,
        site: trapSite(handler.body, throwing: nil, in: context))
      let recorder = self.recorder
      loggers[handler.event] = { event in
        let result = evaluate(event)
        // A failed expression has stopped the run; its placeholder is no log line.
        guard !recorder.isStopping else { return }
        if case .string(let text) = result { recorder.log(text) } else { recorder.log(result.description) }
      }
    }
    return upstream.handleEvents(
      receiveSubscription: loggers[.subscription].map { log in { log(.string(String(describing: $0))) } },
      receiveOutput: loggers[.output],
      receiveCompletion: loggers[.completion].map { log in
        { completion in
          switch completion {
          case .finished: log(.string("finished"))
          case .failure(let error): log(.string(error.message))
          }
        }
      },
      receiveCancel: loggers[.cancel].map { log in { log(.null) } },
      receiveRequest: loggers[.request].map { log in
        { demand in log(demand.max.map(Value.int) ?? .string("unlimited")) }
      }
    ).eraseToAnyPublisher()
  }
}
