import StreamCore

extension SVGPage {
  /// A pasted test's assertions row (issue 32): `✓` where an assertion
  /// passed and `✗` where one failed, at the instant it ran, each with its
  /// sentence (XCTest's message for a failure) as its title.
  func assertionMarks(
    _ assertions: [AssertionResult], label: String, middle: Double, labelX: Double, x: (VirtualTime) -> Double,
    playground: Bool
  ) -> [String] {
    let failed = assertions.filter { !$0.passed }.count
    let summary = "\(label): \(assertions.count - failed) passed, \(failed) failed"
    var marks = [
      "<g class=\"assertion-row\" role=\"group\" aria-label=\"\(TextEscaping.xml(summary))\">",
      Self.label(label, x: labelX, y: middle + 4, anchor: "start", bold: false),
    ]
    // Assertions of one instant, or of instants closer than a mark is wide,
    // stand side by side in the order they ran: the axis is not stretched for them.
    var nextFree = -Double.infinity
    for assertion in assertions {
      let markX = max(x(assertion.time), nextFree)
      nextFree = markX + 13
      let time = playground ? " data-t=\"\(Milliseconds.text(assertion.time))\"" : ""
      let sentence = "\(Milliseconds.text(assertion.time))ms \(assertion.sentence)"
      marks.append(
        "<text x=\"\(Self.n(markX))\" y=\"\(Self.n(middle + 6))\" text-anchor=\"middle\" "
          + "font-size=\"18\" class=\"\(assertion.passed ? "assert-pass" : "assert-fail")\"\(time)>"
          + "<title>\(TextEscaping.xml(sentence))</title>\(assertion.mark)</text>")
    }
    marks.append("</g>")
    return marks
  }
}
