/// The near misses of Swift: of a `solution:` for the lifetimes a Swift
/// solution is about (issue 30), and of a test exercise's `code:` (issue 32).
/// Each mutant changes one thing in the text, the one a developer gets wrong.
///
/// - `[weak self]` left out: the closure captures `self` strongly (its
///   `self?.` becomes `self.` and its `guard let self` goes, so it compiles);
/// - a `.store(in: &set)` left out: nobody keeps the `AnyCancellable`;
/// - the two `assign`s swapped: `assign(to: &$time)` becomes
///   `assign(to: \.time, on: self)` (stored in the object's set when it has
///   one), and back.
enum SwiftMutants {
  /// The lifetime near misses, then those that change what the code sends
  /// and when (`SwiftBehaviourMutants`).
  static func mutants(of solution: String) -> [Mutant] {
    let lifetimes = lifetimeMutants(of: solution)
    return lifetimes
      + SwiftBehaviourMutants.mutants(of: solution).filter { mutant in
        !lifetimes.contains(where: { $0.text == mutant.text })
      }
  }

  private static func lifetimeMutants(of solution: String) -> [Mutant] {
    var mutants: [Mutant] = []
    func add(_ change: String, _ text: String) {
      guard text != solution, !mutants.contains(where: { $0.text == text }) else { return }
      mutants.append(Mutant(change: change, text: text))
    }
    if solution.contains("[weak self]") {
      var strong = solution.replacing("[weak self] ", with: "").replacing("[weak self]", with: "")
        .replacing("self?.", with: "self.")
      strong = strong.replacing(#/guard let self( = self)? else \{ return \}\s*;?/#, with: "")
      add("`[weak self]` left out", strong)
    }
    for match in solution.matches(of: #/\s*\.store\(in: *&[A-Za-z_][A-Za-z0-9_.]*\)/#) {
      var text = solution
      text.replaceSubrange(match.range, with: "")
      add("`\(solution[match.range].trimmingWhitespaceAndNewlines())` left out", text)
    }
    let hasSet = solution.contains("Set<AnyCancellable>")
    let setName = solution.firstMatch(of: #/var ([A-Za-z_][A-Za-z0-9_]*)\s*=\s*Set<AnyCancellable>\(\)/#).map {
      String($0.1)
    }
    for match in solution.matches(of: #/\.assign\(to: *&\$([A-Za-z_][A-Za-z0-9_]*)\)/#) {
      var replacement = ".assign(to: \\.\(match.1), on: self)"
      if hasSet, let setName { replacement += ".store(in: &\(setName))" }
      var text = solution
      text.replaceSubrange(match.range, with: replacement)
      add("`\(solution[match.range])` → `\(replacement)`", text)
    }
    for match in solution.matches(
      of: #/\.assign\(to: *\\\.([A-Za-z_][A-Za-z0-9_]*), *on: *self\)(\s*\.store\(in: *&[A-Za-z_][A-Za-z0-9_.]*\))?/#)
    {
      let replacement = ".assign(to: &$\(match.1))"
      var text = solution
      text.replaceSubrange(match.range, with: replacement)
      add("`\(solution[match.range].trimmingWhitespaceAndNewlines())` → `\(replacement)`", text)
    }
    return mutants
  }
}
