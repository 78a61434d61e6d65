import Foundation
import StreamLabFuzzing

#if STREAMLAB_LIBFUZZER
  import CLibFuzzer
#endif

/// The state of one fuzzing process: which target it runs and how many
/// inputs reached the engine, which `scripts/fuzz` reports as a fraction.
enum FuzzSession {
  static var target = FuzzTarget.program
  static var inputs = 0
  static var ran = 0

  static func runOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    inputs += 1
    if target.run(bytes).didRun { ran += 1 }
    return 0
  }

  static func printSummary() {
    guard inputs > 0 else { return }
    let percent = Double(ran) * 100 / Double(inputs)
    let line = "streamlab-fuzz \(target.rawValue): \(inputs) inputs, \(ran) ran (\(String(format: "%.1f", percent))%)\n"
    FileHandle.standardError.write(Data(line.utf8))
  }
}

#if STREAMLAB_LIBFUZZER
  /// For the program and lesson targets, four mutations in five edit the program as the grammar sees it
  /// (keywords, numbers, stages, nesting); the fifth is libFuzzer's byte-level
  /// one, which draws on the keyword dictionary. With one in two, libFuzzer's
  /// chains of mutations almost always held a byte-level one, and only 8% of
  /// the program inputs still parsed.
  @_cdecl("LLVMFuzzerCustomMutator")
  public func customMutator(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    // The raw target has no grammar: libFuzzer's byte-level mutations only.
    guard let data, FuzzSession.target != .raw, seed % 5 != 0 else { return LLVMFuzzerMutate(data, size, maxSize) }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var mutator = ProgramMutator(seed: UInt64(seed))
    let bytes = Array(mutator.mutate(text, maxBytes: maxSize).utf8.prefix(maxSize))
    bytes.withUnsafeBufferPointer { buffer in
      if let base = buffer.baseAddress { data.update(from: base, count: buffer.count) }
    }
    return bytes.count
  }
#endif
