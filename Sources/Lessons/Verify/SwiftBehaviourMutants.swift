/// The near misses of Combine code written in Swift that change what it
/// sends and when (issue 32): the mistakes a test of a pipeline is there to
/// catch. Each changes one thing in the text and names it with its line:
///
/// - a duration halved or doubled: `.milliseconds(300)` → `.milliseconds(150)`;
/// - `debounce` swapped for `throttle(…, latest: true)` and back, and
///   throttle's `latest:` flipped;
/// - a filtering stage left out: `.removeDuplicates()`, `.dropFirst()`;
/// - a count one more or one less: `.dropFirst(2)`, `.prefix(3)`, `.collect(2)`,
///   `.retry(1)`, `.buffer(size: 2, …)`.
enum SwiftBehaviourMutants {
  static func mutants(of code: String) -> [Mutant] {
    var mutants: [Mutant] = []
    func add(
      _ change: String, at range: Range<String.Index>, _ replacement: String, lineAt place: String.Index? = nil
    ) {
      var text = code
      text.replaceSubrange(range, with: replacement)
      let line = code[..<(place ?? range.lowerBound)].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
      guard text != code, !mutants.contains(where: { $0.text == text }) else { return }
      mutants.append(Mutant(change: "line \(line): \(change)", text: text))
    }

    for match in code.matches(of: #/\.(milliseconds|seconds|microseconds)\((\d+)\)/#) {
      guard let amount = Int(match.2) else { continue }
      for changed in [amount / 2, amount * 2] where changed > 0 && changed != amount {
        let replacement = ".\(match.1)(\(changed))"
        add("`\(match.0)` → `\(replacement)`", at: match.range, replacement)
      }
    }
    for match in code.matches(of: #/\.debounce\(for:/#) {
      guard let call = Self.call(startingAt: match.range.lowerBound, in: code) else { continue }
      let arguments = code[code.index(match.range.lowerBound, offsetBy: ".debounce(".count)..<call.closing]
      let replacement = ".throttle(\(Self.withoutOptions(arguments)), latest: true)"
      add("`.debounce(…)` → `.throttle(…, latest: true)`", at: match.range.lowerBound..<call.end, replacement)
    }
    for match in code.matches(of: #/\.throttle\(for:/#) {
      guard let call = Self.call(startingAt: match.range.lowerBound, in: code) else { continue }
      let whole = code[match.range.lowerBound..<call.end]
      if let latest = whole.firstMatch(of: #/latest: *(true|false)/#) {
        let flipped = "latest: \(latest.1 == "true" ? "false" : "true")"
        add("`\(latest.0)` → `\(flipped)`", at: latest.range, flipped)
        let arguments = code[code.index(match.range.lowerBound, offsetBy: ".throttle(".count)..<call.closing]
        let withoutLatest = arguments.replacing(#/, *latest: *(true|false)/#, with: "")
        add("`.throttle(…)` → `.debounce(…)`", at: match.range.lowerBound..<call.end, ".debounce(\(withoutLatest))")
      }
    }
    for match in code.matches(of: #/\s*\.(removeDuplicates|dropFirst)\(\)/#) {
      // The whitespace before the stage goes with it; its line is the stage's.
      add("`.\(match.1)()` left out", at: match.range, "", lineAt: code.index(before: match.1.startIndex))
    }
    for match in code.matches(of: #/\.(dropFirst|prefix|collect|retry)\((\d+)\)|\.(buffer)\(size: *(\d+)/#) {
      let name = match.1 ?? match.3 ?? ""
      guard let count = Int(match.2 ?? match.4 ?? "") else { continue }
      let minimum = name == "dropFirst" || name == "prefix" || name == "retry" ? 0 : 1
      for changed in [count - 1, count + 1] where changed >= minimum {
        let replacement = name == "buffer" ? ".buffer(size: \(changed)" : ".\(name)(\(changed))"
        add(
          "`\(match.0)\(name == "buffer" ? "…" : "")` → `\(replacement)\(name == "buffer" ? "…" : "")`",
          at: match.range, replacement)
      }
    }
    return mutants
  }

  /// The call whose name starts at `start`: where its closing parenthesis is
  /// and the index after it; nil when the parentheses do not balance.
  static func call(startingAt start: String.Index, in code: String) -> (closing: String.Index, end: String.Index)? {
    guard let open = code[start...].firstIndex(of: "(") else { return nil }
    var depth = 0
    var index = open
    while index < code.endIndex {
      switch code[index] {
      case "(": depth += 1
      case ")":
        depth -= 1
        if depth == 0 { return (index, code.index(after: index)) }
      default: break
      }
      index = code.index(after: index)
    }
    return nil
  }

  /// Debounce's arguments as throttle's: throttle has no `options:`.
  private static func withoutOptions(_ arguments: Substring) -> String {
    String(arguments.replacing(#/, *options: *[^,)]*/#, with: ""))
  }
}
