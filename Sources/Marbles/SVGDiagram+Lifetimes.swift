import StreamCore

extension SVGPage {
  /// A lifetime row (issue 30): a thick band from the statement that made the
  /// object to its `deinit`, a cross there, and how it ended written after;
  /// a leaked object's band runs to the end of the axis.
  func lifetimeMarks(
    _ lifetime: ObjectLifetime, heading: (header: String?, label: String, indent: Int), middle: Double,
    labelX: Double, x: (VirtualTime) -> Double, left: Double, right: Double, end pictureEnd: VirtualTime,
    playground: Bool, textReach: inout Double
  ) -> [String] {
    // In the playground each mark says its time, so the player shows the
    // deinit only once its cursor has passed it.
    func time(_ time: VirtualTime) -> String { playground ? " data-t=\"\(Milliseconds.text(time))\"" : "" }
    let start = lifetime.made > .zero ? x(lifetime.made) : left
    let end = lifetime.released.map(x) ?? right
    var marks = [
      "<g class=\"lifetime-row\" role=\"group\" aria-label=\"\(TextEscaping.xml("\(heading.label): made at \(lifetime.made), \(lifetime.ending)"))\">",
      Self.label(heading.label, x: labelX, y: middle + 4, anchor: "start", bold: false),
      "<line x1=\"\(Self.n(start))\" y1=\"\(Self.n(middle))\" x2=\"\(Self.n(end))\" y2=\"\(Self.n(middle))\" class=\"lifetime\"\(lifetime.made > .zero ? time(lifetime.made) : "")/>",
    ]
    if let released = lifetime.released {
      let crossX = x(released)
      marks.append(
        "<path d=\"M\(Self.n(crossX - 7)) \(Self.n(middle - 7)) L\(Self.n(crossX + 7)) \(Self.n(middle + 7)) M\(Self.n(crossX + 7)) \(Self.n(middle - 7)) L\(Self.n(crossX - 7)) \(Self.n(middle + 7))\" class=\"deinit\"\(time(released))><title>deinit at \(released)</title></path>"
      )
    }
    let wordsX = end + 14
    var words = Self.label(
      lifetime.ending, x: wordsX, y: middle + 4, anchor: "start", bold: lifetime.leaked,
      classes: lifetime.leaked ? "leaked" : nil)
    if playground {
      // `label` writes `<text x=…`: the time goes in after the tag's name.
      words = "<text" + time(lifetime.released ?? pictureEnd) + words.dropFirst("<text".count)
    }
    marks.append(words)
    textReach = max(textReach, wordsX + Double(lifetime.ending.count) * Self.charWidth)
    marks.append("</g>")
    return marks
  }
}
