import Lessons
import Testing

/// When `streamlab watch` reads its file again: once per save, after the
/// save's burst of changes has gone quiet, and a missing file once more later.
@Suite struct SaveBurstTests {
  @Test func nothingIsReadUntilTheFileChanges() {
    var burst = SaveBurst(quiet: 100)
    #expect(burst.wait(at: 0) == nil)
    #expect(burst.takeDueRead(at: 10_000) == false)
  }

  @Test func aBurstOfChangesIsReadOnceWhenItHasBeenQuietLongEnough() {
    var burst = SaveBurst(quiet: 100)
    // An editor's save: the temporary file written, renamed over, touched.
    burst.changed(at: 1_000)
    burst.changed(at: 1_030)
    #expect(burst.takeDueRead(at: 1_100) == false)
    burst.changed(at: 1_090)
    #expect(burst.wait(at: 1_100) == 90)
    #expect(burst.takeDueRead(at: 1_189) == false)
    #expect(burst.takeDueRead(at: 1_190) == true)
    #expect(burst.takeDueRead(at: 1_300) == false)
    #expect(burst.wait(at: 1_300) == nil)
  }

  @Test func aLateWakeUpReadsAtOnce() {
    var burst = SaveBurst(quiet: 100)
    burst.changed(at: 0)
    #expect(burst.wait(at: 500) == 0)
    #expect(burst.takeDueRead(at: 500) == true)
  }

  @Test func aMissingFileIsGivenOneGraceBeforeItIsShown() {
    var burst = SaveBurst(quiet: 100, missingGrace: 500)
    burst.changed(at: 0)
    #expect(burst.takeDueRead(at: 100) == true)
    // Deleted and not yet written anew: not shown, read again after the grace.
    #expect(burst.foundMissing(at: 100) == false)
    #expect(burst.wait(at: 100) == 500)
    #expect(burst.takeDueRead(at: 600) == true)
    #expect(burst.foundMissing(at: 600) == true)
    // Still missing at later reads: shown at once, until the file is back.
    #expect(burst.foundMissing(at: 900) == true)
    burst.foundFile()
    #expect(burst.foundMissing(at: 1_000) == false)
  }

  @Test func aChangeDuringTheGraceReadsAfterTheQuietInstead() {
    var burst = SaveBurst(quiet: 100, missingGrace: 500)
    #expect(burst.foundMissing(at: 0) == false)
    burst.changed(at: 50)
    #expect(burst.takeDueRead(at: 150) == true)
  }
}
