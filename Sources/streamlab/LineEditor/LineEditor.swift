import CEditLine
import StreamCore
import StreamLab

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// An interactive line reader on libedit: Emacs keys, `~/.editrc`, history
/// across runs and Tab completion, for one terminal session.
final class LineEditor: LineReading {
  private let editLine: OpaquePointer
  private let history: HistoryFile?
  private let completer: (String) -> CompletionCandidates
  /// The width completion lists are laid out in; follows the diagrams' width.
  var width: Int
  /// The C string libedit's prompt callback hands out; owned here.
  private var promptText: UnsafeMutablePointer<CChar>?
  /// Earlier lines of a multi-line input, so completion sees what came before.
  private var pendingText = ""

  /// - Parameters:
  ///   - historyURL: where history is loaded from and saved to.
  ///   - completer: given the input before the cursor, what could come next.
  init?(historyURL: URL, width: Int, completer: @escaping (String) -> CompletionCandidates) {
    guard let editLine = streamlab_el_init("streamlab", stdin, stdout, stderr) else { return nil }
    self.editLine = editLine
    self.history = HistoryFile(url: historyURL)
    self.completer = completer
    self.width = width
    configure()
  }

  deinit {
    streamlab_el_end(editLine)
    free(promptText)
  }

  private func configure() {
    streamlab_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
    streamlab_el_set_prompt(editLine, promptCallback)
    streamlab_el_set_editor(editLine, "emacs")
    // streamlab's own SIGINT handler decides what Ctrl-C means; libedit's
    // would re-raise the signal to the whole process group.
    streamlab_el_set_signal(editLine, 0)
    streamlab_el_set_getc(editLine, InterruptibleRead.readCharacter)
    if let history { streamlab_el_set_history(editLine, history.history) }
    streamlab_el_add_function(editLine, "streamlab-complete", "Complete the word before the cursor", completeCallback)
    streamlab_el_bind(editLine, "^I", "streamlab-complete")
    streamlab_el_bind(editLine, "^R", "em-inc-search-prev")
    // Named here, not left to libedit's default map, so the lesson prompt and
    // the playground keep it whatever that map holds.
    streamlab_el_bind(editLine, "^L", "ed-clear-screen")
    // Last, so a student's ~/.editrc (vi mode, other keys) overrides our defaults.
    streamlab_el_source(editLine, nil)
  }

  func read(prompt: String, pending: String) -> LineRead {
    free(promptText)
    promptText = strdup(prompt)
    pendingText = pending
    InterruptFlag.clear()
    var count: Int32 = 0
    guard let line = streamlab_el_gets(editLine, &count) else {
      if count < 0, InterruptFlag.isRaised {
        InterruptFlag.clear()
        return .interrupted
      }
      return .endOfInput
    }
    var text = String(cString: line)
    if text.hasSuffix("\n") { text.removeLast() }
    return .line(text)
  }

  func remember(_ input: String) {
    history?.add(input)
  }

  fileprivate var prompt: UnsafeMutablePointer<CChar>? { promptText }

  /// Completes the word before the cursor: a single match is inserted with a
  /// space after it, several matches are completed to their common prefix,
  /// and when that adds nothing they are listed under the line.
  fileprivate func complete() -> UInt8 {
    guard let info = streamlab_el_line(editLine)?.pointee, let start = info.buffer, let cursor = info.cursor else {
      return UInt8(CC_ERROR)
    }
    let before = String(
      decoding: UnsafeRawBufferPointer(start: start, count: max(0, cursor - start)), as: UTF8.self)
    let result = completer(pendingText.isEmpty ? before : pendingText + "\n" + before)
    guard !result.candidates.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
    let addition = String(result.commonPrefix.dropFirst(result.word.count))
    if result.candidates.count == 1 {
      streamlab_el_insertstr(editLine, addition + " ")
      return UInt8(CC_REFRESH)
    }
    if !addition.isEmpty {
      streamlab_el_insertstr(editLine, addition)
      return UInt8(CC_REFRESH)
    }
    let listing = CompletionCandidates.columns(result.candidates, width: width)
    fputs("\r\n" + listing.replacing("\n", with: "\r\n") + "\r\n", stdout)
    fflush(stdout)
    return UInt8(CC_REDISPLAY)
  }
}

private func editor(of editLine: OpaquePointer?) -> LineEditor? {
  guard let editLine, let data = streamlab_el_get_clientdata(editLine) else { return nil }
  return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
}

private let promptCallback: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>? = { editLine in
  editor(of: editLine)?.prompt
}

private let completeCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = { editLine, _ in
  editor(of: editLine)?.complete() ?? UInt8(CC_ERROR)
}
