import StreamCore
import StreamLang

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One REPL command that starts with a colon, such as `:trace` or
/// `:horizon 20s`, with its argument already parsed.
public enum MetaCommand: Equatable {
  case help(topic: String?)
  case trace
  case swift
  /// `:test`: the last program as an XCTest case (issue 32).
  case test
  case json
  case events
  case svg(path: String)
  case bindings
  case clear
  /// `:horizon` alone shows the current horizon.
  case horizon(VirtualInterval?)
  /// `:scale` alone shows the current scale.
  case scale(VirtualInterval?)
  /// `:scale auto`: let each diagram choose the scale that fits.
  case automaticScale
  /// `:inner on|off` shows or hides inner rows; `:inner` alone says which.
  case inner(Bool?)
  case load(path: String)
  /// `:type PROGRAM` shows each stage's `<Output, Failure>`; `:type full PROGRAM` adds the full Combine type.
  case type(program: String, full: Bool)
  /// `:paste` and the Swift lines after it, up to an empty line.
  case paste(swift: String)
  case lessons
  case quit
  /// `:at 2600ms`: the last run's objects at that time: released, alive or leaked (issue 30).
  case at(VirtualInterval)
  /// `:why 2`, `:why debounce 300ms 2`: what the event was made from (issue 33).
  case why(CauseReport.Question)

  /// Every meta-command's name, argument and one-line summary, in the order
  /// `:help` lists them. Completion and did-you-mean read the names from here.
  public static let table: [(name: String, argument: String, summary: String)] = [
    (":help", "[OPERATOR]", "this list, or what one operator or source does, with a diagram"),
    (":trace", "", "the last run's subscription log per stage: subscribe, request, values, completion, cancel"),
    (":swift", "", "the last program as the Combine code you would write in Swift"),
    (":test", "", "the last program as an XCTest case on a test scheduler that asserts every event it drew"),
    (":json", "", "the last run as JSON, for tools"),
    (":events", "", "the last run as one line per event"),
    (":svg", "FILE", "write the last run's diagram to FILE as SVG"),
    (":bindings", "", "the names bound with `let`"),
    (":clear", "", "forget every binding, and the last run that used them"),
    (":horizon", "[TIME]", "show or set how much virtual time a run may take (like `:horizon 20s`)"),
    (":scale", "[TIME]", "show or set the time one diagram column stands for (like `:scale 50ms`; `auto` fits)"),
    (":inner", "[on|off]", "show or hide the inner rows of flatMap, switchToLatest, catch, merge, … (on by default)"),
    (":load", "FILE", "run a file of statements; its bindings stay"),
    (
      ":type", "[full] PROGRAM",
      "each stage's Output and Failure as Swift infers them, without running; `full` adds the full Combine type"
    ),
    (":paste", "", "read Combine code in Swift until an empty line, run it, and show it in streamlab's language"),
    (
      ":at", "TIME",
      "the last run at TIME (like `:at 2600ms`): what each stage holds and waits to send, and which objects are released, alive or leaked"
    ),
    (
      ":why", "[ROW] N",
      "what the Nth event (value or ending) of the output row, or of ROW, was made from, stage by stage"
    ),
    (":lessons", "", "the lesson files and how to start one"),
    (":quit", "", "leave streamlab (Ctrl-D does too)"),
  ]

  public static var names: [String] { table.map(\.name) }

  /// Parses a line that starts with `:`.
  public static func parse(_ line: String) -> Result<MetaCommand, MetaCommandError> {
    let trimmed = line.trimmingWhitespace()
    let name = String(trimmed.prefix { !$0.isWhitespace })
    let argument = trimmed.dropFirst(name.count).trimmingWhitespace()
    let hasArgument = !argument.isEmpty
    switch name {
    case ":help", ":h", ":?": return .success(.help(topic: hasArgument ? argument : nil))
    case ":trace": return .success(.trace)
    case ":swift": return .success(.swift)
    case ":test": return .success(.test)
    case ":json": return .success(.json)
    case ":events": return .success(.events)
    case ":svg": return hasArgument ? .success(.svg(path: argument)) : .failure(.missingArgument(name, "a file name"))
    case ":bindings": return .success(.bindings)
    case ":clear": return .success(.clear)
    case ":at":
      guard hasArgument else { return .failure(.missingArgument(name, "a time")) }
      guard let parsed = DurationText(argument) else {
        return .failure(.badArgument(name, argument, "a time such as 2600ms or 1.5s"))
      }
      return .success(.at(parsed.interval))
    case ":why":
      // The last word is the event's number; the words before it, if any, name the row.
      let words = argument.split(whereSeparator: \.isWhitespace)
      guard let last = words.last else { return .failure(.missingArgument(name, "an event number")) }
      guard let number = Int(last), number >= 1 else {
        return .failure(
          .badArgument(name, argument, "a row's label, then the event's number, like `:why debounce 300ms 2`"))
      }
      let row = words.dropLast().joined(separator: " ")
      return .success(.why(CauseReport.Question(row: row.isEmpty ? nil : row, number: number)))
    case ":scale" where argument == "auto":
      return .success(.automaticScale)
    case ":horizon", ":scale":
      var interval: VirtualInterval?
      if hasArgument {
        guard let parsed = DurationText(argument), parsed.interval > .zero else {
          return .failure(.badArgument(name, argument, "a time such as 20s or 50ms"))
        }
        interval = parsed.interval
      }
      return .success(name == ":horizon" ? .horizon(interval) : .scale(interval))
    case ":inner":
      switch argument {
      case "": return .success(.inner(nil))
      case "on": return .success(.inner(true))
      case "off": return .success(.inner(false))
      default: return .failure(.badArgument(name, argument, "on or off"))
      }
    case ":load": return hasArgument ? .success(.load(path: argument)) : .failure(.missingArgument(name, "a file name"))
    case ":type":
      guard hasArgument else { return .failure(.missingArgument(name, "a program")) }
      let words = argument.split(separator: " ", maxSplits: 1)
      if words.first == "full", words.count == 2 {
        return .success(.type(program: String(words[1]).trimmingWhitespace(), full: true))
      }
      return .success(.type(program: argument, full: false))
    case ":paste": return .success(.paste(swift: argument.trimmingWhitespaceAndNewlines()))
    case ":lessons": return .success(.lessons)
    case ":quit", ":q", ":exit": return .success(.quit)
    default: return .failure(.unknown(name, suggestion: Suggestion.closest(to: name, among: names)))
    }
  }
}

/// Why a `:` line is not a meta-command streamlab can run.
public enum MetaCommandError: Error, Equatable, CustomStringConvertible {
  case unknown(String, suggestion: String?)
  case missingArgument(String, String)
  case badArgument(String, String, String)

  public var description: String {
    switch self {
    case .unknown(let name, let suggestion?):
      return "unknown command `\(name)`; did you mean `\(suggestion)`? (`:help` lists them all)"
    case .unknown(let name, nil):
      return "unknown command `\(name)`; `:help` lists them all"
    case .missingArgument(let name, let what):
      let examples = ["a file name": "pipeline.svg", "a program": "just 1 | map x * 2", "an event number": "2"]
      let example = examples[what] ?? "20s"
      return "`\(name)` needs \(what), like `\(name) \(example)`"
    case .badArgument(let name, let argument, let expected):
      return "`\(name)` expected \(expected), not `\(argument)`"
    }
  }
}
