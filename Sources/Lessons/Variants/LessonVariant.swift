/// A teacher's lesson as one student's variant (issue 34): each exercise's
/// givens replaced by the variant the seed picks from its pool, its
/// `expect:` computed from the solution on those givens,
/// and a `variant: SEED` line after the title, which the student's copy
/// keeps so grading can make the same variant again. Every other byte stays
/// as the teacher wrote it; an exercise with no usable variant keeps its givens.
public enum LessonVariant {
  /// The lesson's text for `seed`, or why there is none.
  public static func text(of lesson: LessonFile, seed: String, pool: VariantPool) -> Result<String, LessonErrors> {
    let seed = Substring(seed).trimmingWhitespace()
    func refuse(_ message: String, line: Int = 1) -> Result<String, LessonErrors> {
      .failure(
        LessonErrors([
          LessonError(fileName: lesson.fileName, position: FilePosition(line: line, column: 1), message: message)
        ]))
    }
    if let problem = problem(withSeed: seed) { return refuse(problem) }
    guard lesson.variant == nil else {
      let lines = SourceLines(lesson.text)
      let line = lines.lines.firstIndex { lines.text($0.start..<$0.contentEnd).hasPrefix("variant:") } ?? 0
      return refuse(
        "this file is already the variant `\(lesson.variant ?? "")`; make variants from the teacher's lesson",
        line: line + 1)
    }
    let newline = FileEdit.lineEnding(of: lesson.text)
    let header = headerEnd(of: lesson.text)
    // A title on the file's last line has no line ending to put `variant:` after.
    let before =
      header.lowerBound > 0 && !lesson.text.utf8.dropFirst(header.lowerBound - 1).starts(with: [10]) ? newline : ""
    var edits: [FileEdit] = [FileEdit(range: header, replacement: before + "variant: \(seed)" + newline)]
    for exercise in lesson.exercises {
      guard let variant = VariantSeed.shown(seed: seed, among: pool.variants(of: exercise)) else { continue }
      for (index, (given, lines)) in zip(variant.givens, exercise.givenLines).enumerated()
      where given != exercise.givens[index].text {
        edits.append(FileEdit(range: lines, replacement: "given: " + given + newline))
      }
      // An `expect:` the teacher wrote is computed again where it stands;
      // without one, the student's copy computes it from the solution.
      if let lines = exercise.expectLines {
        switch StudentCopy.expectText(for: variant.applied(to: exercise), checker: pool.checker) {
        case .success(let text): edits.append(FileEdit(range: lines, replacement: "expect: " + text + newline))
        case .failure(let problem): return refuse("exercise \"\(exercise.title)\": \(problem.message)")
        }
      }
    }
    return .success(FileEdit.apply(edits, to: lesson.text))
  }

  /// Why `seed` cannot name a variant, or nil when it can: one line of
  /// text, not empty (the command line checks it before reading any file).
  public static func problem(withSeed seed: String) -> String? {
    let seed = Substring(seed).trimmingWhitespace()
    guard seed.isEmpty || seed.contains(where: \.isNewline) else { return nil }
    return "a variant's seed is one line of text, such as the student's login"
      + (seed.isEmpty ? "; it is empty" : "; it has several lines")
  }

  /// The empty range just after the `title:` line (or the `lesson:` line,
  /// or at the start), where `variant:` goes.
  static func headerEnd(of text: String) -> Range<Int> {
    let lines = SourceLines(text)
    let header = lines.lines.lastIndex { line in
      let content = lines.text(line.start..<line.contentEnd)
      return content.hasPrefix("title:") || content.hasPrefix("lesson:")
    }
    let end = header.map { lines.lines[$0].end } ?? 0
    return end..<end
  }
}
