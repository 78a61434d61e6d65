import StreamCore

extension Exercise {
  /// What the exercise checks, in the lesson file's own lines, for graders
  /// that show a test's code beside its result (Exercism's `test_code`):
  /// the givens, then the expected output (`expected`, computed from the
  /// solution, when the teacher wrote no `expect:`), then the other rules;
  /// or, in a test exercise, the code its answer tests.
  func testCode(expected: [TimelineEvent]?) -> String {
    func field(_ key: LessonField, _ text: String) -> String {
      "\(key.rawValue): " + text.replacing("\n", with: "\n  ")
    }
    var lines: [String] = []
    if let code { lines.append(field(.code, "\n" + code.text)) }
    lines += givens.map { field(.given, $0.text) }
    if let expect = expect?.text ?? expected.flatMap(EventsText.format) { lines.append(field(.expect, expect)) }
    if comparison != .events { lines.append(field(.compare, comparison.rawValue)) }
    if let expectedType { lines.append(field(.expectType, expectedType.text)) }
    if !required.isEmpty { lines.append(field(.require, required.map(\.name).joined(separator: ", "))) }
    if !forbidden.isEmpty { lines.append(field(.forbid, forbidden.map(\.name).joined(separator: ", "))) }
    return lines.joined(separator: "\n")
  }
}
