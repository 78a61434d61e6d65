import Foundation
import Testing

/// Issue 27: `:paste` stopped at the first blank line, so real code with
/// blank lines between its statements ran half a program and the rest
/// cascaded into errors; ↑ recalled a paste line by line.
@Suite struct PasteTerminalTests {
  /// A view model with blank lines inside its type and between statements.
  static let swift = [
    "final class Model {", "  let s = PassthroughSubject<Int, Never>()", "",
    "  var c: AnyCancellable?", "  init() { c = s.sink { print($0) } }", "}", "", "let m = Model()", "",
    "m.s.send(1)", "", "m.s.send(2)",
  ]

  private func start(in home: URL) throws -> PseudoTerminal {
    let terminal = try PseudoTerminal([StreamlabBinary.path], environment: StreamlabBinary.environment(home: home))
    try terminal.waitFor("» ")
    try terminal.waitForLineEditing()
    return terminal
  }

  @Test func aPastedProgramWithBlankLinesRunsWholeAndUpRecallsItInOneStep() throws {
    let home = try StreamlabBinary.temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try start(in: home)
    terminal.type(":paste\r")
    try terminal.waitFor("reading Swift")
    // Pasted: the terminal delivers every line at once.
    terminal.type(Self.swift.joined(separator: "\r") + "\r\r")
    let ran = try terminal.waitFor("let s = subject 0ms:1, 0ms:2")
    try terminal.waitFor("> s  (1 2)", after: ran)
    #expect(!terminal.transcript.contains("error"), "\(terminal.transcript)")
    try terminal.waitFor("» ", after: ran)
    try terminal.waitForLineEditing()
    let mark = terminal.mark
    terminal.type("\u{1b}[A\r")
    try terminal.waitFor("> s  (1 2)", after: mark)
  }

  @Test func aLineWithOnlyADotEndsAPasteWhateverItHolds() throws {
    let home = try StreamlabBinary.temporaryHome()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try start(in: home)
    terminal.type(":paste\r")
    try terminal.waitFor("reading Swift")
    terminal.type("let c = [1, 2].publisher.map { $0 *\r")
    try terminal.waitFor("a line with only `.` runs it now")
    terminal.type(".\r")
    try terminal.waitFor("error")
  }
}
