import StreamLab

/// Fuzz target (c): raw bytes, with no grammar, no dictionary and no seeds
/// from the language, typed at the playground's prompt as one input (a
/// program or a `:command`): the playground hands programs to the front
/// door, as `eval` and `/api/run` do. Nothing here knows the language, so
/// the fuzzer finds what a person could type without the bias of
/// well-formed seeds.
public enum RawBytesTarget {
  public static func run(_ bytes: [UInt8]) -> FuzzOutcome {
    let text = String(decoding: bytes.prefix(FuzzLimits.maxInputBytes), as: UTF8.self)
    var settings = ReplSettings()
    settings.horizon = FuzzLimits.horizonInterval
    settings.maxEvents = FuzzLimits.maxEvents
    var session = ReplSession(settings: settings)
    // Effects (files, quitting) are the shell's and are not carried out.
    let reply = session.submit(text)
    // A run is looked at again as `:at` looks at it: run once more, cut
    // halfway through the fuzz horizon (issue 30).
    if !reply.isError, !text.hasPrefix(":") {
      _ = session.submit(":at \(FuzzLimits.horizonInterval.nanoseconds / 2_000_000)ms")
    }
    return reply.isError ? .refused(messages: 1) : .ran(stop: reply.text.isEmpty ? "nothing shown" : "shown")
  }
}
