#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The sentence that says why a file could not be read, written or moved,
/// word for word what Foundation's `localizedDescription` says on Linux.
///
/// FoundationEssentials, the only Foundation the `streamlab` executable
/// links (full Foundation brings ICU and CoreFoundation and slows every
/// start: docs/benchmarks.md, "Start-up"), throws the same `CocoaError`s but cannot
/// describe them, so the sentences live here.
public enum ErrorText {
  public static func describe(_ error: any Error) -> String {
    let opening = "The operation could not be completed."
    if let error = error as? CocoaError {
      if let description = error.userInfo[descriptionKey] as? String { return description }
      if let reason = cocoaReasons[error.code.rawValue] { return "\(opening) \(reason)" }
      return "\(opening) (NSCocoaErrorDomain error \(error.code.rawValue).)"
    }
    if let error = error as? POSIXError {
      return "\(opening) \(String(cString: strerror(error.code.rawValue)))"
    }
    return "\(opening) (\(error._domain) error \(error._code).)"
  }

  /// A `CocoaError` with this message: what `describe` gives back.
  public static func cocoaError(_ code: CocoaError.Code, saying message: String) -> CocoaError {
    CocoaError(code, userInfo: [descriptionKey: message])
  }

  /// Foundation's `NSLocalizedDescriptionKey`.
  private static let descriptionKey = "NSLocalizedDescription"

  /// The reasons Foundation gives for the `CocoaError` codes it words.
  private static let cocoaReasons: [Int: String] = [
    4: "The file doesn’t exist.",
    255: "The file couldn’t be locked.",
    257: "You don’t have permission.",
    258: "The file name is invalid.",
    259: "The file isn’t in the correct format.",
    260: "The file doesn’t exist.",
    261: "The specified text encoding isn’t applicable.",
    262: "The specified URL type isn’t supported.",
    263: "The item is too large.",
    264: "The text encoding of the contents couldn’t be determined.",
    513: "You don’t have permission.",
    514: "The file name is invalid.",
    516: "A file with the same name already exists.",
    517: "The specified text encoding isn’t applicable.",
    518: "The specified URL type isn’t supported.",
    640: "There isn’t enough space.",
    642: "The volume is read only.",
    1024: "The value is invalid.",
    2048: "The value is invalid.",
    3072: "The operation was cancelled.",
    3328: "The requested operation is not supported.",
    3840: "The data is not in the correct format.",
    3841: "The data is in a format that this application doesn’t understand.",
    3842: "An error occurred in the source of the data.",
    3851: "An error occurred in the destination for the data.",
    3852: "An error occurred in the content of the data.",
    4864: "The data isn’t in the correct format.",
    4865: "The data is missing.",
    4866: "The data isn’t in the correct format.",
  ]
}
