import StreamCore

/// `streamlab lesson mutants FILE…`: the mutation testing behind `lesson verify`, shown mutant by mutant.
extension LessonTools {
  /// One line per mutant (`lesson04.txt  2  killed on output  300ms → 150ms  short | debounce 150ms`),
  /// then the totals. With `corpus`, only the mutants the exercises tell apart by their
  /// output, as `NN<TAB>exercise<TAB>answer` lines for the wrong-answer fixtures.
  public func mutants(_ files: [(fileName: String, text: String)], corpus: Bool = false) -> ToolOutcome {
    var total = ToolOutcome()
    var counts: [String: Int] = [:]
    var generated = 0
    var survivors = 0
    var flaggedExercises = 0
    for (fileName, text) in files {
      switch load(text, fileName: fileName) {
      case .failure(let outcome):
        total.merge(outcome)
      case .success(let file):
        var lines: [String] = []
        for exercise in file.exercises {
          let results = MutationCheck(checker: ExerciseChecker(runner: runner)).results(for: exercise)
          generated += results.count
          let survivingHere = results.filter { $0.survivorMessage != nil }.count
          survivors += survivingHere
          if survivingHere > 0 { flaggedExercises += 1 }
          for result in results {
            let verdict = Self.name(of: result.verdict)
            counts[verdict, default: 0] += 1
            let answer = result.mutant.text.replacing("\n", with: "\\n")
            if corpus {
              if result.verdict == .killedOnOutput {
                lines.append("\(Self.lessonNumber(fileName))\t\(exercise.number)\t\(answer)")
              }
            } else {
              lines.append(
                [fileName, String(exercise.number), verdict, result.mutant.change, answer].joined(separator: "\t"))
              if let message = result.survivorMessage { lines.append("    " + message) }
            }
          }
        }
        total.merge(ToolOutcome(standardOutput: lines.map { $0 + "\n" }.joined()))
      }
    }
    let summary = counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    total.merge(
      ToolOutcome(
        standardError:
          "\(generated) mutants (\(summary)); \(flaggedExercises) exercises accept one that computes something else\n",
        exitCode: survivors > 0 ? 1 : 0))
    return total
  }

  static func name(of verdict: MutantVerdict) -> String {
    switch verdict {
    case .killedOnOutput: return "killed on output"
    case .killedByRule: return "killed by require/forbid"
    case .notRunnable: return "not runnable"
    case .equivalent: return "equivalent"
    case .survives: return "survives"
    case .caughtByTest: return "caught by the solution's test"
    case .missedByTest: return "missed by the solution's test"
    case .notAsked: return "not asked by near-miss:"
    }
  }

  /// `lessons/lesson04.txt` → `04`.
  static func lessonNumber(_ fileName: String) -> String {
    let base = fileName.split(separator: "/").last.map(String.init) ?? fileName
    return base.replacing("lesson", with: "").replacing(".txt", with: "")
  }
}
