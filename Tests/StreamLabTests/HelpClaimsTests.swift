import Testing

@testable import StreamLab

/// What `:help` says about Swift and Combine is what Apple declares
/// (`docs/claims-audit.md`).
@Suite struct HelpClaimsTests {
  private func page(_ name: String) -> String {
    var session = ReplSession(settings: ReplSettings())
    // The page is wrapped to the terminal; its sentences are compared unwrapped.
    return session.submit(":help \(name)").text.split(separator: "\n").joined(separator: " ")
  }

  @Test(arguments: ["throttle", "buffer"])
  func aPageCallsStreamlabsDefaultsStreamlabsNotSwifts(name: String) {
    // Swift's throttle(for:scheduler:latest:) and buffer(size:prefetch:whenFull:) have no defaults.
    let text = page(name)
    #expect(!text.contains("(the default)"), "\(text)")
    #expect(text.contains("streamlab's default"))
  }

  @Test func throttlesPageSaysWhatHappensToASourceThatSendsAtOnce() {
    #expect(page("throttle").contains("`just 1 | throttle 200ms`"))
  }
}
