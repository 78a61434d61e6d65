import Foundation
import StreamLang
import SwiftImport
import Testing

/// The round trip the issue asks for: every file `SwiftExporter` wrote into
/// `Tests/SwiftExportTests/Exports/` imports, and the program it becomes
/// gives every subscriber the same events at the same times as the program
/// it was exported from.
@Suite struct ExportRoundTripTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("SwiftExportTests/Exports")

  /// Every export but the preamble (helpers, no program).
  static let files: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".swift") && $0 != "ExportPreamble.swift" }.sorted()
  }()

  /// The hand-built exports were made from ASTs with no source text, so
  /// their comments are empty: these are the programs those ASTs spell
  /// (`HandBuiltExportRunTests` in SwiftExportTests).
  static let handBuiltPrograms = [
    "HandBuiltSubject.swift": "let s = subject 100ms:1, 250ms:2, 400ms:|\ns\ns @200ms",
    "HandBuiltSharedInterval.swift": "let s = interval 100ms | prefix 4 | share\ns\ns @250ms",
    "HandBuiltDebouncedSequence.swift": "just 1,2,3 | map x * 2 | debounce 300ms",
  ]

  /// The endings of the comments over a subject's sends and an `@Published`
  /// property's declaration and assignments, which repeat a binding.
  static let helperComments = [
    ": the sends, at their times since the start", ": an @Published var",
    ": the assignments, at their times since the start",
  ]

  /// The program an export was made from: the comment above each of its
  /// statements (`helperComments` are skipped).
  static func exportedProgram(_ swift: String, file: String) -> String {
    if let program = handBuiltPrograms[file] { return program }
    return swift.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { $0.hasPrefix("  // ") && !Self.helperComments.contains(where: $0.hasSuffix) }
      .map { String($0.dropFirst(5)) }
      .joined(separator: "\n")
  }

  @Test func theCorpusHoldsEveryExport() {
    #expect(Self.files.count >= 53)
  }

  @Test(arguments: files)
  func exportImportsToTheSameTimelines(_ file: String) throws {
    try roundTrip(file)
  }

  private func roundTrip(_ file: String) throws {
    let swift = try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)
    let original = Self.exportedProgram(swift, file: file)
    try #require(!original.isEmpty)
    let translation = try #require(Runs.translation(of: swift))
    let expected = try Runs.outputs(of: original)
    let imported = try Runs.outputs(of: translation.program)
    #expect(imported == expected, "imported as:\n\(translation.program)")
    #expect(!expected.isEmpty)
  }
}

/// The reader lowers a `Task` only in the shapes `--format swift` writes
/// (`SwiftLowering+Tasks`); any other body is refused at its statement, never
/// read as something else. (Such Swift is the interpreter's, which runs it.)
@Suite struct ExportedTaskReadingTests {
  static func exported(_ body: String) -> String {
    """
    func program<S: Scheduler>(scheduler: S, log: @escaping (String) -> Void) -> Subscriptions {
      let subscriptions = Subscriptions()
      let s = PassthroughSubject<Int, Never>()
      scheduler.schedule {
        subscriptions.tasks[0] = Task {
    \(body)
        }
      }
      return subscriptions
    }
    """
  }

  @Test func theExportersShapesBecomeATask() throws {
    let body = """
          try await scheduler.sleep(for: .milliseconds(150))
          for await _ in s.logging(0, to: log).values {
            try? await scheduler.sleep(for: .milliseconds(250))
          }
          for try await _ in s.logging(1, to: log).values {}
      """
    guard case .success(let translation) = SwiftImport.translate(Self.exported(body)) else {
      Issue.record("the exporter's task was not read")
      return
    }
    #expect(translation.program.contains("task { sleep 150ms; s | values each 250ms; s | values }"))
  }

  @Test(arguments: [
    "      print(\"working\")",
    "      for await value in s.values { print(value) }",
    "      for await _ in s.logging(0, to: log).values { print(1) }",
    "      try await scheduler.sleep(until: scheduler.now)",
  ])
  func anotherBodyIsRefusedAtItsStatement(_ body: String) throws {
    let swift = Self.exported(body)
    guard case .failure(let diagnostic) = SwiftImport.translate(swift) else {
      Issue.record("a task body the exporter never writes was read")
      return
    }
    #expect(diagnostic.message == "streamlab's reader reads a task's body only as `--format swift` writes it")
    let line = swift.utf8.prefix(diagnostic.range.start).filter { $0 == UInt8(ascii: "\n") }.count + 1
    #expect(line == 6)
  }
}
