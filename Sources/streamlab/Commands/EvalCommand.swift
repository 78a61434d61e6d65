import ArgumentParser
import Lessons
import Marbles
import StreamCore
import StreamLab
import StreamLang
import StreamlabCommandLine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `streamlab eval`: runs one program and prints it in one format.
struct EvalCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "eval",
    abstract: "Run one program and print what every stage did.",
    discussion: """
      Exit status: 0 when the program ran, 1 when a runtime error stopped it, \
      2 when it does not parse, has nothing to run (it is empty, only comments \
      or only `let`s), or the command line is wrong (an unreadable -f or an \
      unwritable --output included).

      Examples:
        streamlab eval 'just 1,2,3 | map x*2 | debounce 300ms'
        streamlab eval 'interval 100ms | take 5' --format events
        streamlab eval 'just 1,2,3 | tryMap x * 2 | replaceError 0' --types
        streamlab eval -f program.txt --format svg --output program.svg
        echo 'range 1...5 | filter x % 2 == 0' | streamlab eval - --format json
        streamlab eval --swift '[1, 2, 3].publisher.map { $0 * 2 }.sink { print($0) }'
        streamlab eval --swift -f Search.swift --format json

      With --swift the program is Combine code in Swift: streamlab reads the \
      publisher chains, subjects and test-scheduler steps, shows the program \
      in its own language that the Swift became, and runs that. Without it, \
      a program that starts the way Combine code does (`Just(`, \
      `[1, 2].publisher`, `import Combine`) is read as Swift too, as the \
      playground reads it.
      """
  )

  @Argument(help: ArgumentHelp("The program, or - to read it from standard input.", valueName: "program"))
  var program: String?

  @Option(name: .short, help: ArgumentHelp("Read the program from a file.", valueName: "file"), completion: .file())
  var file: String?

  @Flag(help: "Read the program as Swift (Combine code) and run the program in streamlab's language it becomes.")
  var swift = false

  @Flag(
    help:
      "Run the Swift with streamlab's Swift interpreter, statement by statement, even where it has a short form.")
  var interpret = false

  @Option(help: "Output format: text, events, json, svg or swift.")
  var format: OutputFormat = .text

  @Option(
    help: ArgumentHelp("Write the output to a file instead of standard output.", valueName: "file"),
    completion: .file())
  var output: String?

  @Option(help: "Show the inner rows of flatMap, switchToLatest, catch, merge, …: on or off.")
  var inner: InnerRowsChoice = .on

  @Flag(help: "Show each stage's <Output, Failure> in the diagram's row labels, as Swift infers them.")
  var types = false

  @Flag(help: "Like --types, and print each pipeline's full Combine type after the diagram.")
  var fullTypes = false

  @Flag(help: "Record which event made which: with --format json every event has an id and the ids of its causes.")
  var causes = false

  @OptionGroup var display: DisplayOptions

  func validate() throws {
    if program == nil && file == nil { throw ValidationError("give a program, -f FILE, or - to read standard input") }
    if program != nil && file != nil { throw ValidationError("give either a program or -f FILE, not both") }
    // The causes are drawn nowhere else: taken with another format, the flag would do nothing without a word.
    if causes && format != .json {
      throw ValidationError(
        "--causes adds each event's id and causes to --format json; in the playground, `:why N` explains an event")
    }
  }

  func run() throws {
    let (text, fileName) = try readProgram()
    let terminal = TerminalFacts.current()
    var settings = ReplSettings()
    settings.width = display.width ?? terminal.width
    settings.color = !format.isMachineReadable && output == nil && display.color.isEnabled(for: terminal)
    if let scale = display.scale { settings.scale = scale.interval }
    settings.showsInnerRows = inner == .on
    settings.showsTypes = types
    settings.showsFullTypes = fullTypes

    var options = RunOptions()
    if let horizon = display.horizon { options.horizon = VirtualTime.zero.advanced(by: horizon.interval) }
    if let maxEvents = display.maxEvents { options.maxEvents = maxEvents }
    options.tracksCauses = causes
    let request = FrontDoorRequest(
      text, language: interpret ? .swiftInterpreted : swift ? .swift : .detect, fileName: fileName, format: format,
      settings: settings,
      options: options)
    // Events and JSON go to standard output as they are written: a long
    // run's document is never held whole.
    let standardOutput = output == nil ? TextOutput { _ = fwrite($0.baseAddress, 1, $0.count, stdout) } : nil
    let answer = FrontDoor.evaluate(request, streamingInto: standardOutput)
    switch answer.outcome {
    case .invalid, .nothingToRun, .unavailable:
      if !answer.document.isEmpty { print(answer.document) }
      fail(answer.message ?? "nothing to show", status: answer.exitStatus)
    case .ran(let result, _, _, _):
      if answer.document.isEmpty, output == nil {
        // Streamed: ended with the line break `write` gives every document.
        if standardOutput?.lastByte != UInt8(ascii: "\n") { standardOutput?.write("\n") }
        standardOutput?.finish()
        fflush(stdout)
      } else {
        try write(answer.document)
      }
      if case .runtimeError(let error) = result.stop { failOnce(error) }
      // A paste of tests with a failing test exits 1, as `swift test` does.
      if answer.exitStatus != 0 { throw ExitCode(answer.exitStatus) }
    }
  }

  /// The program's text and the name diagnostics give its source. Text that
  /// is not UTF-8 ends the command with one line saying where (status 2).
  private func readProgram() throws -> (text: String, fileName: String?) {
    let bytes: [UInt8]
    let source: String
    if let file {
      guard let data = FileManager.default.contents(atPath: file) else {
        throw ValidationError("cannot read \(file)")
      }
      (bytes, source) = (Array(data), file)
    } else if program == "-" {
      (bytes, source) = (StandardInput.readAll(), "<stdin>")
    } else {
      (bytes, source) = (Self.rawBytes(ofArgument: program ?? ""), "<argument>")
    }
    switch InputText.decode(bytes, from: source) {
    case .success(let text): return (text, source == "<argument>" ? nil : source)
    case .failure(let error): fail(error.description, status: 2)
    }
  }

  /// The bytes the shell passed for `argument`. Swift decodes the command
  /// line with repair (a bad byte becomes U+FFFD), so the raw argument is
  /// looked up again to tell a bad byte from a U+FFFD the student typed.
  private static func rawBytes(ofArgument argument: String) -> [UInt8] {
    guard argument.contains("\u{FFFD}") else { return Array(argument.utf8) }
    for index in 1..<Int(CommandLine.argc) {
      guard let pointer = CommandLine.unsafeArgv[index] else { continue }
      let bytes = Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) }
      if String(decoding: bytes, as: UTF8.self) == argument { return bytes }
    }
    return Array(argument.utf8)
  }

  private func write(_ rendered: String) throws {
    let text = rendered.hasSuffix("\n") ? rendered : rendered + "\n"
    guard let output else {
      print(text, terminator: "")
      return
    }
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
      fail("cannot write \(output): \(ErrorText.describe(error))", status: 2)
    }
  }

  /// Reports a runtime error once: a document that says why the run stopped
  /// already holds the whole message, so standard error gets a one-line
  /// summary, and nothing at all when that document is a diagram on the
  /// terminal, where the student reads it under the rows.
  private func failOnce(_ error: RuntimeError) -> Never {
    guard format.showsWhyTheRunStopped else { fail(error.description, status: 1) }
    guard format.isMachineReadable || output != nil else {
      fflush(stdout)
      exitProcess(1)
    }
    let place = output ?? "the \(format.rawValue) output"
    fail("\(error.summary); \(place) says what went wrong", status: 1)
  }

  private func fail(_ message: String, status: Int32) -> Never {
    fflush(stdout)
    var standardError = StandardStream.error
    print(message, to: &standardError)
    exitProcess(status)
  }
}

extension OutputFormat: ExpressibleByArgument {}

extension EvalCommand {
  /// `eval PROGRAM` with every option at its default: what the full parser
  /// gives for that command line, made without it. `EvalFastPath` uses it for
  /// the commonest command line, because swift-argument-parser's reflection
  /// over eval's options was most of `eval 'just 1'`'s time (README,
  /// "Start-up"). Every property is set here (one left out would trap when
  /// read); `EvalFastPathTests` checks the result is exactly the parser's.
  static func running(_ program: String) -> EvalCommand {
    // Set on a copy, not in an `init`: there Swift may take `x = value` for
    // the property wrapper's own initializer, which leaves it a definition.
    var command = EvalCommand()
    command.program = program
    command.file = nil
    command.swift = false
    command.interpret = false
    command.format = .text
    command.output = nil
    command.inner = .on
    command.types = false
    command.fullTypes = false
    command.causes = false
    command.display = .defaults
    return command
  }
}
