/// Turns one pasted snippet into a Swift file the test target compiles.
///
/// A paste is top-level code (a script, a playground page), which Swift allows
/// only in `main.swift`. The generated file keeps the paste's lines as they
/// are and moves them: type, extension and function declarations go to file
/// scope, marked `private` so two snippets may declare the same names; the
/// statements go, in order, into one function that then runs the virtual
/// clock until no work is left. Top-level constants and variables of a script
/// are globals that live to the end; here they are kept alive until the clock
/// has run (`withExtendedLifetime`), so a `Set<AnyCancellable>` is not
/// released early.
struct SnippetGenerator {
  /// A snippet's file name without `.swift`, e.g. `07-search-view-model`.
  var name: String
  var source: String
  /// `TypeProbes/NAME.txt`: the chains whose stage types swiftc is asked
  /// for, each before the statement that subscribes it (see `withProbes`).
  var probes: String? = nil

  /// `refused: REASON` when the snippet says the oracle cannot compile it
  /// (a `// Oracle: refused: REASON` line), or nil.
  var refusal: String? {
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      let text = line.trimmingLeadingSpaces()
      if text.hasPrefix(SnippetGenerator.refusedMarker) {
        return "refused: " + text.dropFirst(SnippetGenerator.refusedMarker.count).trimmingLeadingSpaces()
      }
    }
    return nil
  }

  static let refusedMarker = "// Oracle: refused:"

  /// The source with a type probe before each subscribing statement.
  ///
  /// A probe file is blocks of `@ LINE PIPELINE STAGE` then the Swift of
  /// that stage's chain (the source and the operators up to it, as the
  /// paste wrote them); each becomes
  /// `OracleTypeLog.shared.record("PIPELINE STAGE", types(CHAIN))` before
  /// line LINE, indented as that line is.
  var withProbes: String {
    guard let probes else { return source }
    var inserted: [Int: [String]] = [:]
    var header: (line: Int, key: String)?
    var chain: [String] = []
    func flush() {
      guard let header else { return }
      while chain.last?.isEmpty == true { chain.removeLast() }
      inserted[header.line, default: []].append(
        "OracleTypeLog.shared.record(\"\(header.key)\", types(" + chain.joined(separator: "\n") + "))")
    }
    for line in probes.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("@ ") {
        flush()
        let fields = line.dropFirst(2).split(separator: " ")
        header = (Int(fields[0]) ?? 0, "\(fields[1]) \(fields[2])")
        chain = []
      } else if header != nil {
        chain.append(String(line))
      }
    }
    flush()
    var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for (number, probes) in inserted.sorted(by: { $0.key > $1.key }) where number >= 1 && number <= lines.count {
      let indent = String(lines[number - 1].prefix { $0 == " " })
      lines.insert(contentsOf: probes.map { indent + $0 }, at: number - 1)
    }
    return lines.joined(separator: "\n")
  }

  /// `snippet07SearchViewModel` for `07-search-view-model`.
  var functionName: String {
    var result = "snippet"
    for part in name.split(separator: "-") {
      result += part.prefix(1).uppercased() + part.dropFirst()
    }
    return result
  }

  /// Whether the snippet runs Swift tasks (`Task`, `await`): its jobs run on
  /// the virtual clock then (`OracleTasks`).
  var usesTasks: Bool {
    source.contains("Task") || source.contains("await") || source.contains("AsyncStream")
  }

  /// Whether the snippet's top-level code itself awaits: its statements then
  /// run as an async function, the main actor's first job.
  var awaitsAtTopLevel: Bool {
    var scanner = BraceScanner()
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      let atTopLevel = scanner.depth == 0
      _ = scanner.scan(String(line))
      if atTopLevel, line.contains("await ") { return true }
    }
    return false
  }

  /// What the snippet table calls: the snippet's function, or, for one that
  /// runs tasks, the function with its jobs on the virtual clock.
  var tableEntry: String {
    if awaitsAtTopLevel { return "{ OracleTasks.run(\(functionName)) }" }
    if usesTasks { return "{ OracleTasks.capturing(\(functionName)) }" }
    return functionName
  }

  /// The generated file's text.
  var generated: String {
    var declarations: [String] = []
    var statements: [String] = []
    var globals: [String] = []
    var attributes: [String] = []
    var scanner = BraceScanner()
    var lines = withProbes.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    while lines.last?.isEmpty == true { lines.removeLast() }
    var index = 0
    while index < lines.count {
      let line = lines[index]
      let text = line.trimmingLeadingSpaces()
      index += 1
      if text.hasPrefix("import ") {
        continue
      }
      if text.hasPrefix("@") && !text.contains(" ") && !text.contains("(") {
        attributes.append(line)
        continue
      }
      if SnippetGenerator.startsDeclaration(text) {
        var block = attributes + [SnippetGenerator.privatised(line)]
        attributes = []
        var opened = scanner.scan(line)
        while scanner.depth > 0 || (opened == false && SnippetGenerator.continuesSignature(lines, index)),
          index < lines.count
        {
          block.append(lines[index])
          if scanner.scan(lines[index]) { opened = true }
          index += 1
        }
        declarations.append(block.joined(separator: "\n"))
        continue
      }
      statements += attributes
      attributes = []
      if let global = SnippetGenerator.declaredName(text) { globals.append(global) }
      statements.append(line)
      _ = scanner.scan(line)
      while scanner.depth > 0, index < lines.count {
        statements.append(lines[index])
        _ = scanner.scan(lines[index])
        index += 1
      }
    }
    var out = """
      // Generated from Snippets/\(name).swift by SnippetGenerator; a test checks it is still
      // exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

      import OpenCombine
      import StreamCore

      """
    for declaration in declarations {
      out += "\n" + declaration + "\n"
    }
    out += "\n@MainActor func \(functionName)()\(awaitsAtTopLevel ? " async" : "") {\n"
    for statement in statements {
      out += statement.isEmpty ? "\n" : "  " + statement + "\n"
    }
    // Top-level code that awaits is itself a job on the clock (`OracleTasks.run`): it ends once nothing is left.
    out += awaitsAtTopLevel ? "  await OracleTasks.untilIdle()\n" : "  OracleClock.shared.run()\n"
    // The printed lines end while the globals are still alive: a script's
    // globals are never released, so what their release prints when this
    // function returns (a `deinit`) is the oracle's clean-up, not the snippet's.
    if globals.count == 1 {
      out += "  withExtendedLifetime(\(globals[0])) { OracleLog.shared.close() }\n"
    } else if globals.count > 1 {
      out += "  withExtendedLifetime((\(globals.joined(separator: ", ")))) { OracleLog.shared.close() }\n"
    } else {
      out += "  OracleLog.shared.close()\n"
    }
    out += "}\n"
    return out
  }

  static let declarationKeywords: Set<Substring> = [
    "class", "struct", "enum", "extension", "protocol", "func", "typealias", "actor",
  ]
  static let modifiers: Set<Substring> = [
    "final", "private", "fileprivate", "public", "internal", "open", "static", "indirect",
  ]

  static func startsDeclaration(_ text: String) -> Bool {
    for word in text.split(separator: " ") {
      if word.hasPrefix("@") || modifiers.contains(word) { continue }
      return declarationKeywords.contains(word) || declarationKeywords.contains(where: { word.hasPrefix($0 + "<") })
    }
    return false
  }

  /// A declaration whose `{` is on a later line (a long generic signature).
  static func continuesSignature(_ lines: [String], _ index: Int) -> Bool {
    guard index < lines.count else { return false }
    let next = lines[index].trimmingLeadingSpaces()
    return next.hasPrefix("where") || next.hasPrefix("->") || next.hasPrefix("{") || next.hasPrefix(")")
      || lines[index].hasPrefix(" ")
  }

  /// The declaration's first line with its access made `private`.
  static func privatised(_ line: String) -> String {
    var words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    words.removeAll { ["public", "internal", "open"].contains($0) }
    if words.contains("private") || words.contains("fileprivate") { return words.joined(separator: " ") }
    guard let keyword = words.firstIndex(where: { declarationKeywords.contains(Substring($0)) || $0 == "final" })
    else { return line }
    words.insert("private", at: keyword)
    return words.joined(separator: " ")
  }

  /// `cancellables` for `var cancellables = Set<AnyCancellable>()`.
  static func declaredName(_ text: String) -> String? {
    let words = text.split(separator: " ", maxSplits: 2)
    guard words.count >= 2, words[0] == "let" || words[0] == "var" else { return nil }
    let name = words[1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
    return name.isEmpty ? nil : String(name)
  }
}

/// Counts `{` and `}` outside comments and string literals, line by line.
struct BraceScanner {
  private(set) var depth = 0
  private var inBlockComment = false
  private var inMultilineString = false

  /// Scans one line; true when it opened a brace.
  mutating func scan(_ line: String) -> Bool {
    let chars = Array(line)
    var opened = false
    var i = 0
    var stringDepth: [Int] = []  // paren depth inside each open interpolation
    var inString = false
    while i < chars.count {
      let c = chars[i]
      let next: Character? = i + 1 < chars.count ? chars[i + 1] : nil
      if inBlockComment {
        if c == "*" && next == "/" {
          inBlockComment = false
          i += 1
        }
      } else if inMultilineString {
        if c == "\"" && next == "\"" && i + 2 < chars.count && chars[i + 2] == "\"" {
          inMultilineString = false
          i += 2
        }
      } else if inString {
        if c == "\\" && next == "(" {
          stringDepth.append(0)
          inString = false
          i += 1
        } else if c == "\\" {
          i += 1
        } else if c == "\"" {
          inString = false
        }
      } else if c == "/" && next == "/" {
        break
      } else if c == "/" && next == "*" {
        inBlockComment = true
        i += 1
      } else if c == "\"" {
        if next == "\"" && i + 2 < chars.count && chars[i + 2] == "\"" {
          inMultilineString = true
          i += 2
        } else {
          inString = true
        }
      } else if !stringDepth.isEmpty && c == "(" {
        stringDepth[stringDepth.count - 1] += 1
      } else if !stringDepth.isEmpty && c == ")" {
        if stringDepth[stringDepth.count - 1] == 0 {
          stringDepth.removeLast()
          inString = true
        } else {
          stringDepth[stringDepth.count - 1] -= 1
        }
      } else if c == "{" {
        depth += 1
        opened = true
      } else if c == "}" {
        depth -= 1
      }
      i += 1
    }
    return opened
  }
}

extension StringProtocol {
  func trimmingLeadingSpaces() -> String {
    String(drop { $0 == " " || $0 == "\t" })
  }
}
