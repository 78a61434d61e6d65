import OpenCombine

/// The text stream `print` writes to: each complete line becomes a
/// `LogLine` of the recorder, stamped with the clock's time.
///
/// `Swift.print(_:to:)` writes the text and its terminator in separate calls,
/// so text is held until its newline arrives. A class, because
/// `Publishers.Print` keeps its own copy of the stream it is given.
public final class RecorderLog: TextOutputStream {
  private let recorder: Recorder
  private var pending = ""

  public init(recorder: Recorder) {
    self.recorder = recorder
  }

  public func write(_ string: String) {
    pending += string
    while let newline = pending.firstIndex(of: "\n") {
      recorder.log(String(pending[..<newline]))
      pending.removeSubrange(...newline)
    }
  }
}
