extension MetaCommand {
  /// Whether the lesson prompt runs this command. The switch has no
  /// `default`, so a new command does not compile until it is decided here.
  /// Commands about the last run and help make sense beside an exercise;
  /// bindings, files, settings and other lessons belong to the playground,
  /// where they cannot change what an exercise's checks see.
  public var isAvailableAtLessonPrompt: Bool {
    switch self {
    case .help, .trace, .swift, .json, .events, .quit:
      return true
    case .svg, .bindings, .clear, .horizon, .scale, .automaticScale, .load, .paste, .lessons, .inner, .type:
      return false
    }
  }

  /// The `MetaCommand.table` entries of the commands the lesson prompt runs.
  static var lessonPromptEntries: [(name: String, argument: String, summary: String)] {
    table.filter { entry in
      guard case .success(let command) = parse(entry.name) else { return false }
      return command.isAvailableAtLessonPrompt
    }
  }
}
