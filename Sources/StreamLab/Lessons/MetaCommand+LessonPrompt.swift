extension MetaCommand {
  /// Whether the lesson prompt runs this command. The switch has no
  /// `default`, so a new command does not compile until it is decided here.
  /// Commands about the last run and help make sense beside an exercise;
  /// bindings, files, settings and other lessons belong to the playground,
  /// where they cannot change what an exercise's checks see.
  public var isAvailableAtLessonPrompt: Bool {
    switch self {
    // `:type` only reads: it types a program without running it or keeping its bindings.
    // `:at TIME` reads the last run again, cut at TIME: lesson 13's releases and leaks.
    // `:why N` reads the last run again with its causes: why the answer sent what it sent.
    case .help, .trace, .swift, .test, .json, .events, .quit, .type, .at, .why:
      return true
    case .svg, .bindings, .clear, .horizon, .scale, .automaticScale, .load, .paste, .lessons, .inner:
      return false
    }
  }

  /// The `MetaCommand.table` entries of the commands the lesson prompt runs.
  static var lessonPromptEntries: [(name: String, argument: String, summary: String)] {
    table.filter { entry in
      // A command that needs its argument (`:type PROGRAM`, `:at TIME`) is parsed with a stand-in one.
      let parsed = [entry.name, entry.name + " x", entry.name + " 1s", entry.name + " 1"].lazy.map(parse).first {
        $0.isSuccess
      }
      guard case .success(let command) = parsed else { return false }
      return command.isAvailableAtLessonPrompt
    }
  }
}

extension Result {
  fileprivate var isSuccess: Bool {
    if case .success = self { return true }
    return false
  }
}
