/// Reads lines from a pipe, a file or a dumb terminal: no prompt, no escape
/// sequences, no history, so `printf '…' | streamlab` output is clean.
final class PlainLineReader: LineReading {
  func read(prompt: String, pending: String) -> LineRead {
    guard let line = readLine(strippingNewline: true) else { return .endOfInput }
    return .line(line)
  }

  func remember(_ input: String) {}
}
