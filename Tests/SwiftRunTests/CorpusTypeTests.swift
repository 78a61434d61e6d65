import Foundation
import StreamCore
import SwiftRun
import Testing

/// Issue 29, item 3: every stage row of an interpreted paste shows the
/// `<Output, Failure>` swiftc infers for it. For each probed paste of the
/// corpus, `TypeProbes/NAME.txt` says which chains to ask swiftc about (each
/// shown pipeline's source and operators, as the paste wrote them, before the
/// statement that subscribes it); `SwiftRunCorpusTests` compiles them into the
/// snippet with `types(_:)` and writes what swiftc's build printed to
/// `Types/NAME.txt`. This suite writes the probes (with
/// `STREAMLAB_WRITE_ORACLE=1`) and compares streamlab's labels with the truth.
@Suite struct CorpusTypeTests {
  static let corpus = CorpusAgreementTests.corpus
  static var isRewriting: Bool { ProcessInfo.processInfo.environment["STREAMLAB_WRITE_ORACLE"] == "1" }

  /// Pastes whose probes swiftc cannot compile where the paste subscribes, with why.
  static let unprobed: [String: String] = [
    "13-future-promise-result": "the chain is built in a function from its parameter, subscribed by the caller",
    "14-future-statements": "the chain is built in a function; its `Future` takes its types from the result type",
    "15-publishers-debounce-init": "the source row's label is the initializer's argument (`upstream: keystrokes`)",
    "16-publishers-inits": "the source row's label is the initializer's argument (`upstream: …`)",
    "17-merge-many": "the chains are built in a closure from its parameters (`feed`, `index`)",
    "18-flatmaplatest-extension": "the chain is built in the paste's `extension Publisher` method",
    "19-helper-function-publisher": "the subscription is a helper's one-expression body, its implicit return",
    "37-map-switch-enum": "a row label writes a `switch` body on one line, which Swift cannot read",
    "42-multicast-connect": "the multicast row's label is not the Swift that made it",
    "58-service-protocol-mock": "the chain is built in a method from its parameter",
    "64-login-flow": "the chain is built in a method; its `Future` takes its types from the result type",
    "66-generic-helper-any-publisher": "the chain is built in a generic function from its parameters",
    "70-currentvalue-bind-two-way": "the chain is built in a computed property from the type's private subject",
    "87-future-from-task": "the chain is built in a function from its parameter, subscribed by the caller",
  ]

  static func run(_ name: String) throws -> (RunResult, SwiftRun.Uses, String)? {
    let swift = try String(contentsOf: corpus.appendingPathComponent("Snippets/\(name).swift"), encoding: .utf8)
    guard case .ran(let result, let uses) = SwiftRun.run(swift) else { return nil }
    return (result, uses, swift)
  }

  /// `@ LINE PIPELINE STAGE` and the chain up to that stage, for every stage of every shown pipeline.
  static func probes(_ result: RunResult, _ uses: SwiftRun.Uses, in swift: String) -> String {
    var text = ""
    let bytes = Array(swift.utf8)
    for pipeline in result.pipelines.indices where uses.subscriptionStatements.indices.contains(pipeline) {
      let offset = uses.subscriptionStatements[pipeline]
      let line = bytes[..<min(offset, bytes.count)].filter { $0 == UInt8(ascii: "\n") }.count + 1
      let rows = result.rows.filter { $0.pipeline == pipeline && $0.isStageRow }.sorted { $0.stage < $1.stage }
      var chain = ""
      for row in rows {
        // `Publishers.Debounce(upstream: …)` is one row holding its whole chain.
        if row.label.hasPrefix(" → ") {
          chain = String(row.label.dropFirst(3))
        } else {
          chain += row.label
        }
        text += "@ \(line) \(pipeline) \(row.stage)\n\(chain)\n"
      }
    }
    return text
  }

  static func names() throws -> [String] { try CorpusAgreementTests.names() }

  @Test(arguments: try names())
  func probesAskForEveryStageOfEveryShownPipeline(_ name: String) throws {
    let url = Self.corpus.appendingPathComponent("TypeProbes/\(name).txt")
    guard let (result, uses, swift) = try Self.run(name), Self.unprobed[name] == nil else {
      #expect(!FileManager.default.fileExists(atPath: url.path), "\(name) is not probed")
      return
    }
    let expected = Self.probes(result, uses, in: swift)
    if Self.isRewriting { try expected.write(to: url, atomically: true, encoding: .utf8) }
    #expect(try String(contentsOf: url, encoding: .utf8) == expected)
  }

  /// What swiftc printed, as streamlab spells types: module names and the
  /// private types' `(unknown context at $…)` left out (the oracle compiles
  /// each paste into the test module, with its types `private`, where a
  /// script would say `main.`), and `Optional<T>`, `Array<T>`,
  /// `Dictionary<K, V>` written `T?`, `[T]`, `[K: V]` as the paste writes them.
  static func normalised(_ swiftc: String) -> String {
    var text = swiftc.replacingOccurrences(
      of: #"\(unknown context at \$[0-9a-f]+\)\."#, with: "", options: .regularExpression)
    for module in ["SwiftRunCorpusTests.", "OpenCombine.", "StreamCore.", "Swift."] {
      text = text.replacingOccurrences(of: module, with: "")
    }
    var reader = TypeSpellingReader(text: Array(text))
    return reader.stage()
  }

  /// One stage's labels compared part by part: equal, not typed (`_`), or different.
  enum Agreement: Equatable { case agrees, untyped, differs }

  /// A `_` in streamlab's label (`[_]`, `<_, Never>`) stands for any type in swiftc's.
  static func agreement(_ label: StageTypeLabel, _ truth: String) -> Agreement {
    if label.text == truth { return .agrees }
    let pattern =
      "^"
      + NSRegularExpression.escapedPattern(for: label.text).replacingOccurrences(
        of: #"(?<![A-Za-z0-9])_(?![A-Za-z0-9])"#, with: ".+", options: .regularExpression) + "$"
    return truth.range(of: pattern, options: .regularExpression) != nil ? .untyped : .differs
  }

  /// Stages whose probe, asked alone, is not what the same stage is in the
  /// paste's chain: swiftc types a whole statement at once, and a later
  /// operator can choose an earlier one's overload.
  static let typedAloneDiffers: [String: String] = [
    // Alone, `[1, nil, 3].publisher.replaceNil(with: 0)` takes the
    // `Publishers.Sequence` overload, whose Output stays `Int?`; in the
    // paste, `.append(4, 5)` after it needs `Int`, which the generic
    // overload (`Map`, `Output == T?`) gives.
    "62-append-empty-replace 1 1": "<Int, Never>"
  ]

  static func truth(_ name: String) -> [(pipeline: Int, stage: Int, types: String)]? {
    guard
      let text = try? String(contentsOf: corpus.appendingPathComponent("Types/\(name).txt"), encoding: .utf8)
    else { return nil }
    return text.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ", maxSplits: 2)
      guard fields.count == 3, let pipeline = Int(fields[0]), let stage = Int(fields[1]) else { return nil }
      let inChain = typedAloneDiffers["\(name) \(pipeline) \(stage)"]
      return (pipeline, stage, inChain ?? normalised(String(fields[2])))
    }
  }

  @Test(arguments: try names())
  func everyTypedStageIsWhatSwiftcInfers(_ name: String) throws {
    guard let truth = Self.truth(name) else { return }
    let (result, _, _) = try #require(try Self.run(name))
    for (pipeline, stage, types) in truth {
      let label = try #require(
        result.stageTypes.indices.contains(pipeline) && result.stageTypes[pipeline].indices.contains(stage)
          ? result.stageTypes[pipeline][stage] : nil, "\(name): pipeline \(pipeline) has no stage \(stage)")
      #expect(Self.agreement(label, types) != .differs, "\(name) \(pipeline) \(stage): swiftc infers \(types)")
    }
  }

  /// The figures: how many probed stages streamlab types as swiftc does.
  @Test func mostProbedStagesAreTypedAsSwiftcTypesThem() throws {
    var counts: [Agreement: Int] = [:]
    var snippets = 0
    var wholeSnippets = 0
    for name in try Self.names() {
      guard let truth = Self.truth(name), !truth.isEmpty, let (result, _, _) = try Self.run(name) else { continue }
      snippets += 1
      var all = true
      for (pipeline, stage, types) in truth {
        guard result.stageTypes.indices.contains(pipeline), result.stageTypes[pipeline].indices.contains(stage)
        else {
          counts[.differs, default: 0] += 1
          all = false
          continue
        }
        let agreement = Self.agreement(result.stageTypes[pipeline][stage], types)
        counts[agreement, default: 0] += 1
        if agreement != .agrees { all = false }
      }
      if all { wholeSnippets += 1 }
    }
    let total = counts.values.reduce(0, +)
    print(
      "corpus types: \(snippets) snippets probed, \(wholeSnippets) agree on every stage; \(total) stages: "
        + "\(counts[.agrees] ?? 0) agree, \(counts[.untyped] ?? 0) shown with _, \(counts[.differs] ?? 0) differ")
    #expect(snippets >= 20)
    #expect(counts[.differs] == nil)
  }
}

/// Reads a type as `String(describing:)` prints it and writes it as a paste
/// does: `Optional<Array<Int>>` is `[Int]?`.
struct TypeSpellingReader {
  let text: [Character]
  var index = 0

  /// `<Output, Failure>`.
  mutating func stage() -> String {
    guard text.first == "<", text.last == ">" else { return String(text) }
    index = 1
    let output = type()
    skip(", ")
    let failure = type()
    return "<\(output), \(failure)>"
  }

  mutating func skip(_ separator: String) {
    for character in separator where index < text.count && text[index] == character { index += 1 }
  }

  mutating func type() -> String {
    if index < text.count, text[index] == "(" {
      index += 1
      var elements: [String] = []
      while index < text.count, text[index] != ")" {
        let start = index
        var label = ""
        while index < text.count, text[index].isLetter || text[index].isNumber || text[index] == "_" {
          label.append(text[index])
          index += 1
        }
        if index + 1 < text.count, text[index] == ":", text[index + 1] == " ", !label.isEmpty {
          index += 2
          elements.append("\(label): \(type())")
        } else {
          index = start
          elements.append(type())
        }
        skip(", ")
      }
      index += 1
      return "(" + elements.joined(separator: ", ") + ")"
    }
    var name = ""
    while index < text.count, text[index].isLetter || text[index].isNumber || "_.".contains(text[index]) {
      name.append(text[index])
      index += 1
    }
    guard index < text.count, text[index] == "<" else { return name }
    index += 1
    var arguments: [String] = []
    while index < text.count, text[index] != ">" {
      arguments.append(type())
      skip(", ")
    }
    index += 1
    switch (name, arguments.count) {
    case ("Optional", 1): return arguments[0] + "?"
    case ("Array", 1): return "[\(arguments[0])]"
    case ("Dictionary", 2): return "[\(arguments[0]): \(arguments[1])]"
    default: return name + "<" + arguments.joined(separator: ", ") + ">"
    }
  }
}
