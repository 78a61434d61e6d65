import Foundation
import Testing

/// `streamlab` links only FoundationEssentials (docs/benchmarks.md, "Start-up"): one
/// plain `import Foundation` in a module it links would bring ICU's data and
/// CoreFoundation back and slow every start. The modules keep Foundation only
/// as the `#else` of `#if canImport(FoundationEssentials)` (for macOS).
@Suite struct FoundationImportTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The modules in `streamlab`'s graph (Package.swift).
  static let modules = [
    "StreamCore", "StreamLang", "SwiftImport", "Marbles", "Lessons", "StreamLab", "StreamlabCommandLine", "streamlab",
  ]

  @Test func theModulesStreamlabLinksImportFoundationOnlyAsTheFallback() throws {
    var checked = 0
    var plainImports: [String] = []
    for module in Self.modules {
      let folder = Self.repository.appendingPathComponent("Sources/\(module)")
      let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
      for case let file as String in enumerator where file.hasSuffix(".swift") {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
          $0.trimmingCharacters(in: .whitespaces)
        }
        checked += 1
        for (index, line) in lines.enumerated() where line == "import Foundation" {
          if index == 0 || lines[index - 1] != "#else" { plainImports.append("\(module)/\(file)") }
        }
      }
    }
    #expect(checked > 100)
    #expect(plainImports == [])
  }
}
