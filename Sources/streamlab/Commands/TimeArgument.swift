import ArgumentParser
import StreamCore
import StreamLab

/// A span of virtual time given on the command line, such as `--horizon 20s`.
struct TimeArgument: ExpressibleByArgument {
  var interval: VirtualInterval

  init?(argument: String) {
    guard let parsed = DurationText(argument), parsed.interval > .zero else { return nil }
    interval = parsed.interval
  }

  static var defaultCompletionKind: CompletionKind { .list(["100ms", "1s", "10s", "60s"]) }
}
