/// The prompt commands (`:swift`, `:hint`) a lesson's text tells the student
/// to type, so `lesson verify` can check that the prompt accepts each one.
enum ProseCommands {
  /// Each `:name` written in the lesson's prose, tasks and hints, once, in file order.
  static func named(in file: LessonFile) -> [String] {
    var texts: [String] = []
    func add(_ items: [LessonItem]) {
      for case .prose(let lines) in items { texts += lines }
    }
    add(file.introduction)
    for exercise in file.exercises {
      add(exercise.items)
      if let task = exercise.task { texts.append(task.text) }
      texts += exercise.hints
    }
    var names: [String] = []
    for text in texts {
      for name in commands(in: text) where !names.contains(name) { names.append(name) }
    }
    return names
  }

  /// `:name` where a word could start (start of text, after a space, a
  /// backtick, a quote or a bracket) and made of lowercase letters, so
  /// `0ms:"i"`, `latest: false` and `[:]` are not commands.
  static func commands(in text: String) -> [String] {
    let characters = Array(text)
    var names: [String] = []
    for (index, character) in characters.enumerated() where character == ":" {
      if index > 0, !" \t`'\"(".contains(characters[index - 1]) { continue }
      let letters = characters[(index + 1)...].prefix { $0.isASCII && $0.isLowercase }
      guard !letters.isEmpty else { continue }
      let end = index + 1 + letters.count
      if end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == ":" {
        continue
      }
      names.append(":" + String(letters))
    }
    return names
  }

  /// The 1-based line of the first place `name` is written as a command, for the report.
  static func line(of name: String, in text: String) -> Int? {
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    where commands(in: String(line)).contains(name) {
      return index + 1
    }
    return nil
  }
}

extension LessonFile {
  /// Each `:command` the lesson's prose, tasks and hints tell the student to type, once, in file order.
  public var proseCommands: [String] { ProseCommands.named(in: self) }
}
