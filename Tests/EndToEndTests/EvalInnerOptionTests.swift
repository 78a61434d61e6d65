import Foundation
import Testing

/// `streamlab eval --inner on|off` on the built binary.
@Suite struct EvalInnerOptionTests {
  static let program = #"fail "boom" | catch { just 0 }"#

  @Test func innerRowsAreDrawnByDefault() throws {
    let run = try ProcessRun.streamlab(["eval", Self.program, "--width", "60"])
    #expect(run.status == 0, "stderr: \(run.standardError)")
    #expect(run.standardOutput.contains(#"    ↳ # "boom"      (0 |)"#))
  }

  @Test func innerOffLeavesTheOutputRowsAsTheyAreAndDropsTheInnerOnes() throws {
    let on = try ProcessRun.streamlab(["eval", Self.program, "--inner", "on", "--format", "events"])
    let off = try ProcessRun.streamlab(["eval", Self.program, "--inner", "off", "--format", "events"])
    #expect(off.status == 0, "stderr: \(off.standardError)")
    #expect(!off.standardOutput.contains("↳"))
    #expect(on.standardOutput.hasPrefix(off.standardOutput))
    #expect(on.standardOutput.contains("↳ # \"boom\" (inner 1 of `catch { just 0 }`)"))
  }

  @Test func innerTakesOnlyOnOrOff() throws {
    let run = try ProcessRun.streamlab(["eval", Self.program, "--inner", "maybe"])
    #expect(run.status == 2)
    #expect(run.standardError.contains("--inner"))
  }
}
