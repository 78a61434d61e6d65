import ArgumentParser
import Lessons
import StreamCore
import StreamLab
import StreamLang
import StreamlabCommandLine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `streamlab watch LESSON`: the student answers in their own editor, and
/// each save of the lesson file checks it again, as rustlings' watch does.
struct WatchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "watch",
    abstract: "Check a lesson's answer: lines again each time you save the file.",
    discussion: """
      Write your answers on the lesson file's answer: lines in your own editor. \
      Each save checks the file again and shows the first exercise that does not \
      pass yet: its task, the given and expected output, and the feedback on your \
      answer that streamlab run gives. When it passes, the screen says so and shows \
      the next exercise. A file that cannot be read or has errors is reported with \
      its line and a caret, and the watch goes on. Passes are recorded in \
      $XDG_STATE_HOME/streamlab/progress.json, as streamlab run records them.

      Keys: h shows a hint, r checks again, q quits; Ctrl-C quits too. At a \
      terminal the screen is redrawn in place; when the output is not a \
      terminal, or TERM=dumb, each check is printed below a rule, with no escapes. \
      It uses only the terminal it runs in, so it works the same over SSH.

      Exit status: 0 after q (or Ctrl-D), 130 after Ctrl-C, 143 after SIGTERM, \
      129 after SIGHUP; the terminal is restored (cursor shown, keys echoed) \
      every time.

      Example:
        streamlab watch lessons/lesson04.txt
      """
  )

  @Argument(help: ArgumentHelp("The lesson file.", valueName: "lesson"), completion: .file(extensions: ["txt"]))
  var lesson: String

  @OptionGroup var display: DisplayOptions

  /// The status after Ctrl-C: 128 + SIGINT, as a shell reports a program Ctrl-C ended.
  static let interruptedStatus: Int32 = 128 + SIGINT

  func run() throws {
    let terminal = TerminalFacts.current()
    let width = display.width ?? terminal.width
    var options = RunOptions()
    if let horizon = display.horizon { options.horizon = VirtualTime.zero.advanced(by: horizon.interval) }
    if let maxEvents = display.maxEvents { options.maxEvents = maxEvents }
    // Ctrl-C stops a check's run at once, then the watch ends.
    InterruptFlag.install()
    options.isInterrupted = { InterruptFlag.isRaised }
    WatchSignals.install()
    WindowSize.install()
    let store = ProgressStore(url: terminal.stateDirectory.appendingPathComponent("progress.json"))
    let (progress, warning) = store.load()
    let color = display.color.isEnabled(for: terminal)
    let watch = LessonWatch(
      fileName: lesson, lessonKey: URL(fileURLWithPath: lesson).standardizedFileURL.path, progress: progress,
      checker: ExerciseChecker(runner: LessonTools.standard(width: width, options: options).runner),
      feedback: .atTerminal(width: width, color: color), width: width, readsKeys: terminal.inputIsTerminal)
    let screen = WatchScreen(
      inPlace: terminal.outputIsTerminal && !terminal.termIsDumb,
      rule: String(repeating: terminal.speaksUTF8 ? "─" : "-", count: min(width, 80)))
    var session = WatchSession(
      lesson: lesson, watch: watch, screen: screen, store: store, color: color,
      width: DiagramWidth(initial: width, follows: display.width == nil && terminal.widthFollowsWindow))
    let keys = SingleKeys()
    keys.enter()
    screen.begin()
    let status = session.run(keys: keys)
    keys.restore()
    screen.end()
    if let warning { StandardStream.error.write(warning + "\n") }
    throw ExitCode(status)
  }
}

/// One run of `streamlab watch`: the file watched, read when a save has
/// settled, its screens shown, keys and signals answered.
private struct WatchSession {
  let lesson: String
  var watch: LessonWatch
  var screen: WatchScreen
  let store: ProgressStore
  let color: Bool
  var width: DiagramWidth
  private var burst = SaveBurst()
  /// The text the screen was made from, so an event that changed nothing redraws nothing.
  private var lastText: String?
  /// Standard input is still open (a closed one is no longer polled).
  private var inputOpen = true

  init(lesson: String, watch: LessonWatch, screen: WatchScreen, store: ProgressStore, color: Bool, width: DiagramWidth)
  {
    self.lesson = lesson
    self.watch = watch
    self.screen = screen
    self.store = store
    self.color = color
    self.width = width
  }

  /// Watches until a key or a signal ends it; returns the exit status.
  mutating func run(keys: SingleKeys) -> Int32 {
    let watcher = FileWatcher(path: lesson)
    var continuations = WatchSignals.continuations
    read(force: true)
    while true {
      if let status = stopStatus { return status }
      if WatchSignals.takeSuspendRequest() {
        keys.restore()
        screen.end()
        WatchSignals.suspend()
        continuations = WatchSignals.continuations
        setUpAgain(keys)
      }
      var descriptors: [pollfd] = []
      if inputOpen { descriptors.append(pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)) }
      if let inotify = watcher.descriptor { descriptors.append(pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)) }
      let wait = min(burst.wait(at: Self.now()) ?? Int(watcher.lookInterval), Int(watcher.lookInterval))
      _ = poll(&descriptors, nfds_t(descriptors.count), Int32(wait))
      if let status = stopStatus { return status }
      // Stopped and continued without a Ctrl-Z of its own (SIGSTOP): the shell may have changed the terminal.
      if continuations != WatchSignals.continuations {
        continuations = WatchSignals.continuations
        setUpAgain(keys)
      }
      if inputOpen, descriptors[0].revents != 0, let status = readKeys() { return status }
      if let status = stopStatus { return status }
      if watcher.changed() { burst.changed(at: Self.now()) }
      if burst.takeDueRead(at: Self.now()) { read(force: false) }
      if let columns = width.change() {
        watch.resize(width: columns, feedback: .atTerminal(width: columns, color: color))
        show()
      }
    }
  }

  /// Back from a stop: single keys and the hidden cursor again, and the screen redrawn.
  private mutating func setUpAgain(_ keys: SingleKeys) {
    keys.enter()
    screen.begin()
    show()
  }

  /// The status to leave with when Ctrl-C, SIGTERM or SIGHUP has arrived.
  private var stopStatus: Int32? {
    if InterruptFlag.isRaised { return WatchCommand.interruptedStatus }
    return WatchSignals.stop.map { 128 + $0 }
  }

  /// Handles the keys waiting on standard input; a status when one ends the watch.
  private mutating func readKeys() -> Int32? {
    var bytes = [UInt8](repeating: 0, count: 64)
    let count = bytes.withUnsafeMutableBytes { readStandardInput(into: $0) }
    if count < 0 && errno == EINTR { return nil }
    guard count > 0 else {
      // End of input (a pipe, a terminal hung up): keep watching, until a signal.
      inputOpen = false
      return nil
    }
    for byte in bytes[..<count] {
      switch byte {
      case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x04:
        return 0
      case 0x03:
        // Ctrl-C as a byte, should the terminal not turn it into SIGINT.
        return WatchCommand.interruptedStatus
      case UInt8(ascii: "h"), UInt8(ascii: "H"):
        watch.askForHint()
        show()
      case UInt8(ascii: "r"), UInt8(ascii: "R"):
        read(force: true)
      default:
        continue
      }
    }
    return nil
  }

  /// Reads and checks the file, and shows the result. Unless `force`d, a
  /// text already shown is not checked again, and a file found missing is
  /// given a moment to come back (a save by delete and write).
  private mutating func read(force: Bool) {
    switch LessonFileText.read(lesson) {
    case .success(let text):
      burst.foundFile()
      guard force || text != lastText else { return }
      lastText = text
      if let progress = watch.read(text) {
        do {
          try store.save(progress)
          watch.progressSaved(failure: nil)
        } catch {
          watch.progressSaved(failure: error)
        }
      }
    case .failure(let error):
      let missing = FileWatcher.identity(of: lesson) == nil
      if missing, !force, !burst.foundMissing(at: Self.now()) { return }
      lastText = nil
      watch.unreadable(error.description)
    }
    show()
  }

  /// Shows the watch's screen, unless Ctrl-C has ended the watch meanwhile.
  private mutating func show() {
    guard stopStatus == nil else { return }
    screen.show(watch.screen)
  }

  /// Milliseconds on the monotonic clock.
  private static func now() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int(time.tv_sec) * 1_000 + Int(time.tv_nsec) / 1_000_000
  }
}

/// `read(2)` of standard input, out of reach of `WatchSession.read(force:)`'s name.
private func readStandardInput(into buffer: UnsafeMutableRawBufferPointer) -> Int {
  read(STDIN_FILENO, buffer.baseAddress, buffer.count)
}
