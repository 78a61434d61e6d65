import OpenCombine

/// The text stream `print` writes to: each complete line becomes a
/// `LogLine` of the recorder, stamped with the clock's time.
///
/// `Swift.print(_:to:)` writes the text and its terminator in separate calls,
/// so text is held until its newline arrives. A class, because
/// `Publishers.Print` keeps its own copy of the stream it is given.
///
/// OpenCombine's `Print` logs every demand a value's subscriber returns,
/// `request max: (0) (synchronous)` included; Apple's logs none of zero
/// (its documented `(1...2).publisher.print("Logged a message").sink { _ in }`
/// logs the subscription, `request unlimited`, the values and `receive
/// finished`), so that one line is left out, and only for `print`'s own prefix.
public final class RecorderLog: TextOutputStream {
  private let recorder: Recorder
  private var pending = ""
  private let zeroSynchronousDemand: String

  /// `prefix` is `print`'s tag as it was given (`""` for none).
  public init(recorder: Recorder, prefix: String = "") {
    self.recorder = recorder
    zeroSynchronousDemand = (prefix.isEmpty ? "" : prefix + ": ") + "request max: (0) (synchronous)"
  }

  public func write(_ string: String) {
    pending += string
    while let newline = pending.firstIndex(of: "\n") {
      let line = String(pending[..<newline])
      pending.removeSubrange(...newline)
      if line != zeroSynchronousDemand { recorder.log(line) }
    }
  }
}
