import OpenCombine
import StreamCore
import StreamLang
import SwiftImport

// Async sequences (issue 31): `for await` over `publisher.values` and
// `AsyncStream`, and `first(where:)` on them.
extension Machine {
  /// `publisher.values`: nothing subscribes until a loop asks.
  func values(of publisher: PublisherValue) -> Value {
    let failure = publisher.outputType.failure
    let isThrowing: Bool
    switch failure {
    case .never: isThrowing = false
    default: isThrowing = true
    }
    return .opaque(AsyncPublisherValue(publisher: publisher, isThrowing: isThrowing))
  }

  /// A new iterator over an async sequence: for `publisher.values`, a new
  /// subscription, a shown pipeline whose output row is what the loop got.
  func asyncIterator(of sequence: Value, at range: SourceRange) throws -> AsyncIteration {
    if let values = sequence.opaque(as: AsyncPublisherValue.self) {
      let iterator = ValuesIterator(machine: self, isThrowing: values.isThrowing)
      subscriptionOffsets.append(range.start)
      subscribe(values.publisher, label: values.publisher.chainText + ".values") { built in
        built.subscribe(iterator)
      }
      return iterator
    }
    if let stream = sequence.opaque(as: AsyncStreamValue.self) {
      guard !stream.hasIterator else {
        throw SwiftRunError.trap(
          "attempt to await next() on more than one task: an AsyncStream has one consumer", range)
      }
      stream.hasIterator = true
      return stream
    }
    if case .opaque(let object) = sequence, object is PublisherValue || object is SubjectValue {
      throw refuse(
        "a publisher is not an async sequence: `for await` needs its `.values`", at: range,
        instead: "`for await value in publisher.values`")
    }
    throw refuse(
      "`for await` needs an async sequence, but this is \(SwiftText.debug(sequence))", at: range,
      instead: "`publisher.values` or an `AsyncStream`")
  }

  /// `for await pattern in sequence where … { body }`.
  func runForAwait(
    _ pattern: SwiftPattern, _ sequence: SwiftExpr, _ whereClause: SwiftExpr?, _ body: [SwiftStatement],
    in scope: Scope, at range: SourceRange
  ) throws -> Flow {
    let iterator = try asyncIterator(of: try evaluate(sequence, in: scope), at: sequence.range)
    awaitScopes.append(scope)
    defer { awaitScopes.removeLast() }
    while true {
      try tick(at: range)
      guard let element = try iterator.next(at: sequence.range) else { return .normal }
      if let end = try loopTurn(pattern, element, whereClause, body, in: scope) { return end }
    }
  }

  /// `sequence.first(where: { … })`: the first element the predicate
  /// accepts, waiting for each; nil when the sequence ends first.
  func firstElement(of sequence: Value, _ arguments: [Argument], at range: SourceRange) throws -> Value {
    guard let predicate = arguments.first?.value.opaque(as: FunctionValue.self) else {
      throw refuse("`first(where:)` needs a closure", at: range)
    }
    let iterator = try asyncIterator(of: sequence, at: range)
    while true {
      try tick(at: range)
      guard let element = try iterator.next(at: range) else { return .null }
      let accepted = try invoke(predicate, [Argument(label: nil, value: element, range: range)], at: range)
      if try truth(accepted, at: range) { return element.asOptional }
    }
  }

  // MARK: AsyncStream

  /// `AsyncStream { continuation in … }`, `AsyncStream(Int.self) { … }`: its
  /// closure runs now, with the continuation.
  func makeAsyncStream(_ arguments: [Argument], at range: SourceRange) throws -> Value {
    guard let build = arguments.last?.value.opaque(as: FunctionValue.self) else {
      throw refuse("`AsyncStream` needs a closure that takes its continuation", at: range)
    }
    let stream = AsyncStreamValue(machine: self)
    _ = try invoke(
      build, [Argument(label: nil, value: .opaque(AsyncStreamContinuation(stream)), range: range)], at: range)
    return .opaque(stream)
  }

  /// `AsyncStream.makeStream(of: Int.self)`: the stream and its continuation.
  func makeAsyncStreamPair() -> Value {
    let stream = AsyncStreamValue(machine: self)
    return .opaque(
      LabelledTuple(
        labels: ["stream", "continuation"], items: [.opaque(stream), .opaque(AsyncStreamContinuation(stream))]))
  }

  /// `continuation.yield(x)`, `continuation.finish()`.
  func continuationCall(
    _ name: String, _ continuation: AsyncStreamContinuation, _ arguments: [Argument], at range: SourceRange
  )
    throws -> Value
  {
    switch name {
    case "yield":
      continuation.stream.yield(arguments.first?.value ?? .void)
      return .void
    case "finish":
      continuation.stream.finish()
      return .void
    default:
      throw refuse(
        "streamlab runs an AsyncStream continuation's `yield(_:)` and `finish()`", at: range,
        instead: "`continuation.yield(value)`")
    }
  }
}

/// `AsyncStream` with its default, unbounded buffer: what is yielded before
/// the loop asks waits for it, in order; after `finish()` the loop ends once
/// the buffer is empty.
final class AsyncStreamValue: OpaqueValue, AsyncIteration {
  private unowned let machine: Machine
  private var buffer: [Value] = []
  private var finished = false
  private var waiting: Suspension?
  var hasIterator = false

  init(machine: Machine) {
    self.machine = machine
  }

  func yield(_ value: Value) {
    guard !finished else { return }
    if let waiting {
      self.waiting = nil
      machine.resumeLater(waiting, with: .value(value))
    } else {
      buffer.append(value)
    }
  }

  func finish() {
    finished = true
    if let waiting {
      self.waiting = nil
      machine.resumeLater(waiting, with: .value(AsyncEnd.value))
    }
  }

  func next(at range: SourceRange) throws -> Value? {
    if !buffer.isEmpty { return buffer.removeFirst() }
    if finished || machine.isCurrentTaskCancelled { return nil }
    let suspension = machine.suspension(at: range)
    waiting = suspension
    let value = try machine.wait(for: suspension) { [weak self] in
      guard let self, let waiting = self.waiting else { return }
      self.waiting = nil
      self.finished = true
      self.machine.resumeLater(waiting, with: .value(AsyncEnd.value))
    }
    return AsyncEnd.isEnd(value) ? nil : value
  }

  override var typeName: String { "AsyncStream" }
}

/// An `AsyncStream`'s continuation.
final class AsyncStreamContinuation: OpaqueValue {
  let stream: AsyncStreamValue

  init(_ stream: AsyncStreamValue) {
    self.stream = stream
  }

  override var typeName: String { "AsyncStream.Continuation" }
}
