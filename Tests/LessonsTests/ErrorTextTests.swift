import Foundation
import Testing

@testable import Lessons

/// `ErrorText` words file errors as Foundation's `localizedDescription` did
/// before the `streamlab` executable dropped full Foundation. These tests
/// link full Foundation, so each expectation is Foundation's own sentence.
@Suite struct ErrorTextTests {
  @Test(arguments: [
    4, 255, 257, 258, 259, 260, 261, 262, 263, 264, 512, 513, 514, 516, 517, 518, 640, 642, 1024, 3840, 4865, 9999,
  ])
  func cocoaErrorsReadAsFoundationWordsThem(code: Int) {
    let error = CocoaError(CocoaError.Code(rawValue: code))
    #expect(ErrorText.describe(error) == error.localizedDescription)
  }

  @Test func aMissingFolderReadsAsTheFileNotExisting() throws {
    let url = URL(fileURLWithPath: "/streamlab-no-such-folder-\(UUID().uuidString)/out.txt")
    let error = try #require(throws: (any Error).self) { try Data("x".utf8).write(to: url, options: .atomic) }
    #expect(ErrorText.describe(error) == "The operation could not be completed. The file doesn’t exist.")
    #expect(ErrorText.describe(error) == error.localizedDescription)
  }

  @Test func aGivenMessageIsTheWholeDescription() {
    let error = ErrorText.cocoaError(.fileWriteUnknown, saying: "Read-only file system")
    #expect(ErrorText.describe(error) == "Read-only file system")
    #expect(ErrorText.describe(error) == error.localizedDescription)
  }

  @Test func posixErrorsAddTheSystemsReason() {
    let error = POSIXError(.ENOENT)
    #expect(ErrorText.describe(error) == "The operation could not be completed. No such file or directory")
    #expect(ErrorText.describe(error) == error.localizedDescription)
  }

  private enum Mishap: Error { case first, second }

  @Test func otherErrorsNameTheirTypeAndCode() {
    #expect(ErrorText.describe(Mishap.second) == Mishap.second.localizedDescription)
    #expect(ErrorText.describe(Mishap.second).hasPrefix("The operation could not be completed. ("))
  }
}
