import Testing

@testable import StreamCore

/// The plain-Swift stand-ins for the Foundation string and path calls the
/// `streamlab` executable stopped using (it links only FoundationEssentials).
/// Expected values are Foundation's own on Linux, worked out by hand from
/// its documented character sets and checked against swift-corelibs-foundation.
@Suite struct PlainTextHelpersTests {
  @Test func trimmingWhitespaceRemovesSpacesAndTabsAtBothEndsOnly() {
    #expect("  \tjust 1,  2 \t ".trimmingWhitespace() == "just 1,  2")
    #expect("\u{00A0}\u{3000}x\u{2003}".trimmingWhitespace() == "x")  // no-break, ideographic, em space: category Zs
  }

  @Test func trimmingWhitespaceKeepsLineBreaks() {
    #expect("\n just 1 \n".trimmingWhitespace() == "\n just 1 \n")
    #expect(" a\r\n".trimmingWhitespace() == "a\r\n")
  }

  @Test func trimmingWhitespaceAndNewlinesRemovesEveryLineBreakKind() {
    #expect("\n\r\u{0B}\u{0C}\u{85}\u{2028}\u{2029} a b \t\n".trimmingWhitespaceAndNewlines() == "a b")
  }

  @Test func trimmingAllWhitespaceGivesTheEmptyString() {
    #expect(" \t ".trimmingWhitespace() == "")
    #expect("".trimmingWhitespaceAndNewlines() == "")
    #expect(" \n ".trimmingWhitespaceAndNewlines() == "")
  }

  @Test func trimmingWorksOnSubstrings() {
    let line = ":load  lesson.txt "
    #expect(line.dropFirst(5).trimmingWhitespace() == "lesson.txt")
  }

  @Test func trimmingKeepsNonBreakingCharactersThatAreNotSpaces() {
    // U+200B (zero width space) is category Cf, not Zs: Foundation keeps it.
    #expect("\u{200B}x ".trimmingWhitespace() == "\u{200B}x")
  }

  @Test func paddingAddsSpacesUpToTheLength() {
    #expect(":load FILE".paddedWithSpaces(toLength: 14) == ":load FILE    ")
    #expect("".paddedWithSpaces(toLength: 3) == "   ")
  }

  @Test func paddingCutsLongerTextToTheLength() {
    #expect(":history".paddedWithSpaces(toLength: 4) == ":his")
    #expect("abc".paddedWithSpaces(toLength: 3) == "abc")
  }

  @Test func paddingCountsUTF16UnitsLikeFoundation() {
    #expect("a…".paddedWithSpaces(toLength: 4) == "a…  ")  // … is one UTF-16 unit
    #expect("a😀".paddedWithSpaces(toLength: 4) == "a😀 ")  // 😀 is two
  }

  @Test func joiningPathsPutsOneSlashBetween() {
    #expect(PathText.joining("lessons", "lesson01.txt") == "lessons/lesson01.txt")
    #expect(PathText.joining("lessons/", "lesson01.txt") == "lessons/lesson01.txt")
    #expect(PathText.joining("/", "tmp") == "/tmp")
    #expect(PathText.joining("", "lesson01.txt") == "lesson01.txt")
  }

  @Test func expandingTildeUsesTheHomeForTheUsersOwnHome() {
    #expect(PathText.expandingTilde("~/run.txt", home: "/home/ada") == "/home/ada/run.txt")
    #expect(PathText.expandingTilde("~", home: "/home/ada") == "/home/ada")
  }

  @Test func expandingTildeLeavesOtherPathsAlone() {
    #expect(PathText.expandingTilde("run~.txt", home: "/home/ada") == "run~.txt")
    #expect(PathText.expandingTilde("/tmp/~/x", home: "/home/ada") == "/tmp/~/x")
    #expect(PathText.expandingTilde("~bob/x", home: "/home/ada") == "~bob/x")
    #expect(PathText.expandingTilde("~/x", home: nil) == "~/x")
  }
}
