import StreamLang

extension HelpText {
  /// The leak `:help lifetimes` runs: a timer whose sink captures its owner
  /// strongly, stored in that owner.
  static let lifetimeLeak = """
    let vm = owner
    interval 1s sink strong vm store vm
    release vm @2500ms
    """

  /// Its fix: the same sink capturing the owner weakly.
  static let lifetimeFix = """
    let vm = owner
    interval 1s sink weak vm store vm
    release vm @2500ms
    """

  /// `:help lifetimes`: who holds a subscription, in the pipeline language's
  /// short form, with the leak and its fix run now, side by side in time.
  static func lifetimes(presenter: RunPresenter) -> String {
    let width = presenter.settings.width
    var lines = [
      "lifetimes — who holds a subscription, when it ends, and what leaks",
      "",
      wrapped(
        "A subscription lives as long as its `AnyCancellable`. The short form names who keeps it, as the "
          + "Swift of a view model does:",
        width: width),
      "",
      "  let vm = owner         an object with a `Set<AnyCancellable>`, like",
      "                         `class ViewModel { var cancellables = Set<AnyCancellable>() }`",
      "  PIPELINE store vm      `.sink { … }.store(in: &cancellables)`: vm keeps it,",
      "                         and its deinit cancels it",
      "  … sink strong vm       `.sink { _ in self.tick() }`: the closure keeps vm too",
      "  … sink weak vm         `.sink { [weak self] _ in self?.tick() }`",
      "  release vm @500ms      the program lets go of vm at 500ms (`vm = nil`)",
      "",
      "  `sink` comes before `store`: `interval 1s sink weak vm store vm`.",
      "",
      wrapped(
        "An owner goes when the program has let go of it and no live `sink strong` still captures it; its "
          + "stored subscriptions are cancelled then (`!`), and the legend names the `release` that did it. "
          + "A `sink strong vm` stored in vm itself is a retain cycle: vm is never released, and what it "
          + "stored keeps running (the diagram says `leaked`), unless its publisher completes, since a `sink` "
          + "lets go of its closure when it receives completion. A bare pipeline without `store` is kept by "
          + "the program to the end, as a global `let` is in a script.",
        width: width),
      "",
      "The leak:",
    ]
    lines += lifetimeLeak.split(separator: "\n").map { "  " + $0 }
    lines += ["", demoDiagram(lifetimeLeak, presenter: presenter), "", "The fix:"]
    lines += lifetimeFix.split(separator: "\n").map { "  " + $0 }
    lines += ["", demoDiagram(lifetimeFix, presenter: presenter)]
    lines += [
      "",
      wrapped(
        "Pasted Swift shows the same rows: a lifetime row for each object that held subscriptions and was "
          + "released (`x deinit`) or `leaked`, with the statement that released each cancelled subscription. "
          + "In JSON they are `\"lifetimes\"` and `\"releases\"`. `:at 3s` says what each object of the last "
          + "run was at 3s: alive, released, or leaked already.",
        width: width),
    ]
    return lines.joined(separator: "\n")
  }
}
