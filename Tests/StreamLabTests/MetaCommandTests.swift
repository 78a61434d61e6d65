import StreamCore
import Testing

@testable import StreamLab

@Suite struct MetaCommandTests {
  @Test(arguments: [
    (":help", MetaCommand.help(topic: nil)),
    (":help debounce", .help(topic: "debounce")),
    (":trace", .trace),
    ("  :json  ", .json),
    (":svg out/diagram.svg", .svg(path: "out/diagram.svg")),
    (":horizon 20s", .horizon(.seconds(20))),
    (":horizon", .horizon(nil)),
    (":scale 50ms", .scale(.milliseconds(50))),
    (":scale auto", .automaticScale),
    (":load my file.txt", .load(path: "my file.txt")),
    (":q", .quit),
  ])
  func parses(line: String, expected: MetaCommand) {
    #expect(MetaCommand.parse(line) == .success(expected))
  }

  @Test func unknownCommandSuggestsTheClosest() {
    guard case .failure(let error) = MetaCommand.parse(":trce") else {
      Issue.record("`:trce` parsed")
      return
    }
    #expect(error == .unknown(":trce", suggestion: ":trace"))
    #expect(error.description.contains("did you mean `:trace`?"))
  }

  @Test func farOffNameHasNoSuggestion() {
    #expect(MetaCommand.parse(":xyzzyplugh") == .failure(.unknown(":xyzzyplugh", suggestion: nil)))
  }

  @Test func missingAndBadArguments() {
    #expect(MetaCommand.parse(":svg") == .failure(.missingArgument(":svg", "a file name")))
    #expect(
      MetaCommand.parse(":horizon soon") == .failure(.badArgument(":horizon", "soon", "a time such as 20s or 50ms")))
    #expect(MetaCommand.parse(":horizon 0s") == .failure(.badArgument(":horizon", "0s", "a time such as 20s or 50ms")))
  }

  @Test(arguments: [
    ("20s", 20_000_000_000), ("250ms", 250_000_000), ("1.5s", 1_500_000_000), ("20us", 20_000), ("0ms", 0),
    ("100000s", 100_000_000_000_000),
  ])
  func durations(text: String, nanoseconds: Int) {
    #expect(DurationText(text)?.interval == VirtualInterval(nanoseconds: nanoseconds))
  }

  @Test(arguments: ["", "20", "s", "-1s", "1e300s", "nans", "20 minutes"])
  func notDurations(text: String) {
    #expect(DurationText(text) == nil)
  }
}
