import Foundation

/// One finished run of the `streamlab` binary with piped standard streams.
struct ProcessRun {
  var status: Int32
  var standardOutput: String
  var standardError: String

  /// Runs streamlab with `arguments`, feeding `input` to its standard input,
  /// in `home` or else in a temporary home removed afterwards.
  /// A run that has not ended after `PseudoTerminal.patience` seconds is
  /// killed and reported, rather than hanging the suite.
  static func streamlab(_ arguments: [String], input: String = "", home: URL? = nil) throws -> ProcessRun {
    guard let home else {
      return try StreamlabBinary.withTemporaryHome { try streamlab(arguments, input: input, home: $0) }
    }
    return try run(arguments, input: Data(input.utf8), home: home)
  }

  /// Runs streamlab (or `executable`) in `home` with `input` as raw bytes,
  /// which need not be UTF-8; in `currentDirectory` when given.
  static func run(
    _ arguments: [String], input: Data, home: URL, executable: String = StreamlabBinary.path,
    currentDirectory: URL? = nil
  ) throws -> ProcessRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    process.arguments = arguments
    process.environment = StreamlabBinary.environment(home: home)
    // Output goes to files rather than pipes, so a large output can never
    // fill a pipe and stall the process while the test waits.
    let outputURL = home.appendingPathComponent("stdout-\(UUID().uuidString)")
    let errorURL = home.appendingPathComponent("stderr-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    let stdin = Pipe()
    process.standardInput = stdin
    process.standardOutput = try FileHandle(forWritingTo: outputURL)
    process.standardError = try FileHandle(forWritingTo: errorURL)
    try process.run()
    stdin.fileHandleForWriting.write(input)
    try stdin.fileHandleForWriting.close()
    let deadline = Date().addingTimeInterval(PseudoTerminal.patience)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    if process.isRunning {
      process.terminate()
      throw PseudoTerminal.Failure("streamlab \(arguments) did not finish within \(Int(PseudoTerminal.patience))s")
    }
    process.waitUntilExit()
    let outputData = try Data(contentsOf: outputURL)
    let errorData = try Data(contentsOf: errorURL)
    return ProcessRun(
      status: process.terminationStatus,
      standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData, as: UTF8.self))
  }
}
