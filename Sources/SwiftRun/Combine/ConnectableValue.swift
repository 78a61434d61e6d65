import OpenCombine
import StreamCore

/// `multicast(subject:)` and `multicast { … }`: subscribers attach to the
/// subject; the upstream runs only once `connect()` is called (or at the
/// first subscriber, after `autoconnect()`).
final class ConnectableValue: OpaqueValue {
  let upstream: PublisherValue
  let label: String
  let recorder: Recorder
  private let makeSubject: () -> SubjectValue
  private var madeSubject: SubjectValue?

  init(upstream: PublisherValue, label: String, recorder: Recorder, makeSubject: @escaping () -> SubjectValue) {
    self.upstream = upstream
    self.label = label
    self.recorder = recorder
    self.makeSubject = makeSubject
  }

  /// Made when first needed, as Combine's `Multicast` makes it.
  var subject: SubjectValue {
    if let madeSubject { return madeSubject }
    let made = makeSubject()
    madeSubject = made
    return made
  }

  /// Subscribes the subject to the upstream; cancelling the result disconnects.
  func connect() -> AnyCancellable {
    let subject = self.subject
    return upstream.build(recorder: recorder, pipeline: nil).sink(
      receiveCompletion: { subject.send(completion: $0) }, receiveValue: { subject.send($0) })
  }

  /// What subscribers see: the subject's values.
  var publisher: PublisherValue {
    PublisherValue(sourceLabel: label, type: upstream.outputType) { [self] in subject.publisher }
  }

  override var typeName: String { "Publishers.Multicast" }
  override var description: String { label }
}
