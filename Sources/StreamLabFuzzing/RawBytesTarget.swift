import StreamLab

/// Fuzz target (c): raw bytes, with no grammar, no dictionary and no seeds
/// from the language, typed at the playground's prompt as one input (a
/// program or a `:command`), then sent as `/api/run` sends it. Both go
/// through the front door; nothing here knows the language, so the fuzzer
/// finds what a person could type without the bias of well-formed seeds.
public enum RawBytesTarget {
  public static func run(_ bytes: [UInt8]) -> FuzzOutcome {
    let text = String(decoding: bytes.prefix(FuzzLimits.maxInputBytes), as: UTF8.self)
    var settings = ReplSettings()
    settings.horizon = FuzzLimits.horizonInterval
    settings.maxEvents = FuzzLimits.maxEvents
    var session = ReplSession(settings: settings)
    // Effects (files, quitting) are the shell's and are not carried out.
    _ = session.submit(text)
    let answer = FrontDoor.evaluate(
      FrontDoorRequest(text, format: .json, settings: settings, options: FuzzLimits.runOptions))
    switch answer.outcome {
    case .ran(let result, _, _, _): return .ran(stop: "\(result.stop)")
    case .invalid(let diagnostics, _): return .refused(messages: max(1, diagnostics.count))
    case .nothingToRun, .unavailable: return .refused(messages: 1)
    }
  }
}
