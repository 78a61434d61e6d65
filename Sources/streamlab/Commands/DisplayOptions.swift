import ArgumentParser

/// The options every command that runs programs shares: how long a run may
/// go on and how its diagrams are drawn.
struct DisplayOptions: ParsableArguments {
  @Option(help: ArgumentHelp("How much virtual time a run may take.", valueName: "time"))
  var horizon: TimeArgument?

  @Option(help: ArgumentHelp("Stop a run after this many recorded events.", valueName: "n"))
  var maxEvents: Int?

  @Option(
    help: ArgumentHelp("The virtual time one diagram column stands for (default: chosen to fit).", valueName: "time"))
  var scale: TimeArgument?

  @Option(help: ArgumentHelp("Draw diagrams this many columns wide (default: the terminal's width).", valueName: "n"))
  var width: Int?

  @Option(help: "Colour text diagrams: always, never or auto (a terminal, and NO_COLOR unset).")
  var color: ColorChoice = .auto

  /// Every option at its default, as the parser gives them when none is
  /// typed (for `EvalCommand.running(_:)`, which sets every property).
  static var defaults: DisplayOptions {
    var options = DisplayOptions()
    options.horizon = nil
    options.maxEvents = nil
    options.scale = nil
    options.width = nil
    options.color = .auto
    return options
  }

  func validate() throws {
    if let maxEvents, maxEvents < 1 { throw ValidationError("--max-events must be at least 1") }
    if let width, !(10...1_000).contains(width) { throw ValidationError("--width must be between 10 and 1000") }
  }
}
