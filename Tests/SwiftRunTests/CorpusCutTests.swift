import StreamCore
import StreamLang
import SwiftRun
import Testing

/// Cuts of the corpus's snippets (a line deleted, a prefix of lines) that
/// `scripts/swiftrun-cuts` found drawing what Swift does not draw, without a
/// word. Each expectation is what swiftc's build of the same cut against
/// OpenCombine printed on the oracle's virtual clock, or Swift's refusal.
@Suite struct CorpusCutTests {
  /// `21-timer-dates` without `.map { $0.timeIntervalSince(start) }`: a
  /// timer's `Date` printed as Foundation prints it, to the second.
  @Test func aDateIsPrintedAsFoundationPrintsIt() {
    let log = printed(
      """
      // Form: a clock that maps Timer.publish's Date values, as in Q&A answers about timers
      import Combine
      import Foundation

      let start = Date()
      var subscriptions = Set<AnyCancellable>()
      Timer.publish(every: 0.5, on: RunLoop.main, in: .default)
          .autoconnect()
          .prefix(4)
          .sink { elapsed in
              print("elapsed \\(elapsed)s")
          }
          .store(in: &subscriptions)

      Timer.publish(every: 1.25, on: .main, in: .common)
          .autoconnect()
          .map(\\.timeIntervalSince1970)
          .first()
          .sink { print("first tick at \\($0)") }
          .store(in: &subscriptions)
      """)
    #expect(
      log == [
        "500ms: elapsed 1970-01-01 00:00:00 +0000s", "1000ms: elapsed 1970-01-01 00:00:01 +0000s",
        "1250ms: first tick at 1.25", "1500ms: elapsed 1970-01-01 00:00:01 +0000s",
        "2000ms: elapsed 1970-01-01 00:00:02 +0000s",
      ])
  }

  /// `22-test-scheduler-debounce` without its last `advance(by:)`: the
  /// debounced value is due at 400 ms, but a test scheduler runs only when
  /// advanced, so Swift never prints it.
  @Test func workDueAfterATestSchedulersLastAdvanceNeverRuns() throws {
    let swift = """
      // Form: a view model test with Point-Free's combine-schedulers (DispatchQueue.test, advance(by:))
      import Combine
      import CombineSchedulers

      final class SuggestionsViewModel {
          @Published var text = ""
          @Published var suggestions: [String] = []
          private var cancellables: Set<AnyCancellable> = []

          init(scheduler: AnySchedulerOf<DispatchQueue>) {
              $text
                  .debounce(for: .milliseconds(300), scheduler: scheduler)
                  .map { text in text.isEmpty ? [] : [text, text + "s", text + "ing"] }
                  .sink { [weak self] in self?.suggestions = $0 }
                  .store(in: &cancellables)
          }
      }

      let scheduler = DispatchQueue.test
      let viewModel = SuggestionsViewModel(scheduler: scheduler.eraseToAnyScheduler())
      let spy = viewModel.$suggestions.sink { print("suggestions: \\($0)") }

      viewModel.text = "run"
      scheduler.advance(by: .milliseconds(100))
      viewModel.text = "walk"
      scheduler.advance(by: .milliseconds(299))
      print("still waiting")
      """
    #expect(printed(swift) == ["0ms: suggestions: []", "399ms: still waiting"])
    guard case .ran(let result, _) = SwiftRun.run(swift) else {
      Issue.record("the cut should run")
      return
    }
    #expect(result.notes.contains { $0.contains("a test scheduler runs only when it is advanced") })
  }

  /// `23-test-scheduler-run` cut before `scheduler.run()`: nothing is ever delivered.
  @Test func aTestSchedulerNeverAdvancedRunsNothing() {
    let log = printed(
      """
      // Form: a combine-schedulers test that runs the scheduler to the end with run()
      import Combine
      import CombineSchedulers

      let scheduler = DispatchQueue.test
      var output: [Int] = []

      let cancellable = Just(1)
          .append(2, 3)
          .flatMap { value in
              Just(value * 100).delay(for: .seconds(value), scheduler: scheduler)
          }
          .sink { value in
              output.append(value)
              print("received \\(value)")
          }
      """)
    #expect(log == [])
  }

  /// `10-enum-state-subject` without a case's only statement: swiftc
  /// refuses an empty case body (Swift does not fall through).
  @Test func anEmptyCaseBodyIsRefusedAtItsLabel() throws {
    let swift = """
      // Form: a loading-state enum with associated values sent through a subject (MVVM articles)
      import Combine

      enum LoadingState {
          case idle
          case loading
          case loaded([String])
          case failed(String)
      }

      let state = CurrentValueSubject<LoadingState, Never>(.idle)
      let render = state.sink { state in
          switch state {
          case .idle:
          case .loading:
              print("spinner on")
          case .loaded(let items) where items.isEmpty:
              print("empty list")
          case .loaded(let items):
              print("showing \\(items.count) items: \\(items.joined(separator: ", "))")
          case .failed(let message):
              print("error: \\(message)")
          }
      }

      state.send(.loading)
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(400)) {
          state.send(.loaded(["a", "b"]))
      }
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(800)) {
          state.send(.loaded([]))
          state.send(.failed("offline"))
      }
      """
    guard case .refused(let diagnostic) = SwiftRun.run(swift) else {
      Issue.record("the cut should be refused")
      return
    }
    #expect(diagnostic.message == "'case' label in a 'switch' must have at least one executable statement")
    #expect(SourceLocation(of: diagnostic.range, in: swift).line == 14)
  }

  /// `07-form-validation` without `.eraseToAnyPublisher()`: swiftc refuses
  /// "cannot convert return expression of type 'Publishers.Map<…>' to return
  /// type 'AnyPublisher<Bool, Never>'"; streamlab ran the chain as if erased.
  @Test func aChainReturnedAsAnyPublisherMustBeErased() throws {
    let swift = """
      // Form: a sign-up form view model validating fields with combineLatest (tutorial articles)
      import Combine

      final class SignUpViewModel: ObservableObject {
          @Published var username = ""
          @Published var password = ""
          @Published var passwordAgain = ""
          @Published var canSubmit = false

          private var cancellables = Set<AnyCancellable>()

          private var isUsernameValid: AnyPublisher<Bool, Never> {
              $username
                  .map { $0.count >= 3 }
          }

          private var arePasswordsValid: AnyPublisher<Bool, Never> {
              $password.combineLatest($passwordAgain)
                  .map { password, again in
                      guard password.count >= 6 else { return false }
                      return password == again
                  }
                  .eraseToAnyPublisher()
          }

          init() {
              isUsernameValid.combineLatest(arePasswordsValid)
                  .map { $0 && $1 }
                  .removeDuplicates()
                  .assign(to: \\.canSubmit, on: self)
                  .store(in: &cancellables)
          }
      }

      let form = SignUpViewModel()
      let button = form.$canSubmit.sink { print("submit enabled: \\($0)") }
      form.username = "kim"
      form.password = "secret1"
      form.passwordAgain = "secret"
      form.passwordAgain = "secret1"
      form.username = "k"
      """
    guard case .refused(let diagnostic) = SwiftRun.run(swift) else {
      Issue.record("the cut should be refused")
      return
    }
    #expect(diagnostic.message.contains("ends in `.map`, not `.eraseToAnyPublisher()`"))
    #expect(diagnostic.message.contains("'AnyPublisher<Bool, Never>'"))
    #expect(SourceLocation(of: diagnostic.range, in: swift).line == 13)
  }

  /// `03-current-value-replays` without `var subscriptions = Set<AnyCancellable>()`:
  /// swiftc refuses it ("cannot find 'subscriptions' in scope"). A pipeline
  /// taken out of an article is pasted this way, so streamlab runs it as if
  /// the set were declared (printing what the whole snippet prints in Swift)
  /// and says so in a note.
  @Test func aStoreIntoASetThePasteDoesNotDeclareRunsWithANote() throws {
    let swift = """
      // Form: a tutorial contrasting CurrentValueSubject with PassthroughSubject
      import Combine

      let passthrough = PassthroughSubject<Int, Never>()
      let current = CurrentValueSubject<Int, Never>(0)

      passthrough.send(1)
      current.send(1)

      passthrough.sink { print("passthrough: \\($0)") }.store(in: &subscriptions)
      current.sink { print("current: \\($0)") }.store(in: &subscriptions)

      passthrough.send(2)
      current.send(2)
      print("current.value is \\(current.value)")
      """
    guard case .ran(let result, _) = SwiftRun.run(swift) else {
      Issue.record("the cut should run")
      return
    }
    #expect(
      result.log.map { "\($0.time): \($0.text)" } == [
        "0ms: current: 1", "0ms: passthrough: 2", "0ms: current: 2", "0ms: current.value is 2",
      ])
    #expect(
      result.notes.contains {
        $0.hasPrefix("`subscriptions` is not declared in the paste, so swiftc refuses it (cannot find 'subscriptions'")
      })
  }

  /// `15-publishers-debounce-init` without `options: nil`: Combine's
  /// `Publishers.Debounce(upstream:dueTime:scheduler:options:)` has no
  /// default for it, and swiftc refuses "missing argument for parameter
  /// 'options' in call"; streamlab ran it.
  @Test func aPublishersInitializerWithoutAnArgumentIsRefused() throws {
    let swift = """
      // Form: the Publishers.Debounce(upstream:dueTime:scheduler:options:) spelling from Apple's reference documentation
      import Combine

      let keystrokes = PassthroughSubject<String, Never>()
      let debounced = Publishers.Debounce(
          upstream: keystrokes,
          dueTime: .milliseconds(200),
          scheduler: DispatchQueue.main,
      )
      let subscription = debounced.sink { print("debounced: \\($0)") }

      let typed: [(String, Int)] = [("h", 0), ("he", 50), ("hel", 120), ("help", 500), ("helps", 650)]
      for (text, at) in typed {
          DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(at)) {
              keystrokes.send(text)
          }
      }
      """
    guard case .refused(let diagnostic) = SwiftRun.run(swift) else {
      Issue.record("the cut should be refused")
      return
    }
    #expect(diagnostic.message == "missing argument for parameter 'options' in call to `Publishers.Debounce`")
    #expect(SourceLocation(of: diagnostic.range, in: swift).line == 5)
  }

  /// The notes of a run, or the refusal.
  private func notes(_ swift: String) -> [String] {
    guard case .ran(let result, _) = SwiftRun.run(swift) else { return ["refused"] }
    return result.notes
  }

  /// `62-append-empty-replace` without `.replaceNil(with: 0)`: an array
  /// literal with a `nil` is `[Int?]`, and what `append` adds to its publisher
  /// is `Int?` too. swiftc's build printed the Optionals; streamlab printed
  /// `[1, nil, 3, 4, 5]`.
  @Test func anArrayLiteralWithNilPublishesOptionalsAndAppendAddsOptionals() {
    let log = printed(
      """
      var bag = Set<AnyCancellable>()
      [1, nil, 3].publisher
          .append(4, 5)
          .collect()
          .sink { print("replaceNil + append: \\($0)") }
          .store(in: &bag)
      """)
    #expect(log == ["0ms: replaceNil + append: [Optional(1), nil, Optional(3), Optional(4), Optional(5)]"])
    // With `replaceNil` the values are unwrapped again (the whole snippet, which agrees with swiftc).
    let replaced = printed(
      """
      let c = [1, nil, 3].publisher.replaceNil(with: 0).append(4, 5).collect().sink { print($0) }
      """)
    #expect(replaced == ["0ms: [1, 0, 3, 4, 5]"])
  }

  /// `31-retry-attempts` without `attempts += 1`: swiftc's build printed
  /// `failure(Cuts.(unknown context at $…).NetworkError.unavailable(attempt: 0))`
  /// (a type declared in a function; `main.NetworkError…` at a script's top
  /// level); streamlab printed `failure(unavailable(attempt: 0))` and said nothing.
  @Test func anEnumInsideAnotherValueIsPrintedWithItsTypeAndTheModuleIsNoted() {
    let swift = """
      enum NetworkError: Error {
          case unavailable(attempt: Int)
      }
      let request = Fail<String, NetworkError>(error: .unavailable(attempt: 0))
      let cancellable = request.sink(receiveCompletion: { print("finished with \\($0)") }, receiveValue: { _ in })
      print(NetworkError.unavailable(attempt: 2))
      """
    #expect(
      printed(swift) == [
        "0ms: finished with failure(NetworkError.unavailable(attempt: 0))", "0ms: unavailable(attempt: 2)",
      ])
    #expect(notes(swift).contains { $0.hasPrefix("Swift prints `NetworkError` here with its module's name in front") })
  }

  /// `29-switch-to-latest` without `.switchToLatest()`: the sink prints the
  /// inner subjects themselves. swiftc's build printed
  /// `OpenCombine.PassthroughSubject<Swift.Int, Swift.Never>`, Apple's
  /// Combine `Combine.…`; streamlab printed `PassthroughSubject<Int, Never>()`.
  /// Generic arguments are spelt as swiftc spells them: a generic class of
  /// that name, compiled and printed, gave `CurrentValueSubject<Swift.Array<
  /// Swift.String>, Swift.Never>` and `…<Swift.Optional<Swift.Int>, …>`.
  @Test func aSubjectPrintsItsFullTypeName() {
    let log = printed(
      """
      let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
      let first = PassthroughSubject<Int, Never>()
      let cancellable = outer.sink { print($0) }
      outer.send(first)
      print(CurrentValueSubject<[String], Never>([]))
      """)
    #expect(
      log == [
        "0ms: Combine.PassthroughSubject<Swift.Int, Swift.Never>",
        "0ms: Combine.CurrentValueSubject<Swift.Array<Swift.String>, Swift.Never>",
      ])
  }

  /// `26-delay-receive-on` without a line: swiftc's own runs of the same
  /// build printed the two sinks' lines in either order (a subject keeps its
  /// subscribers in a Set); streamlab's order was one of them, with no word.
  @Test func aSubjectSendingToSeveralSubscribersSaysTheirOrderIsNotDefined() {
    let swift = """
      let subject = PassthroughSubject<String, Never>()
      var cancellables = Set<AnyCancellable>()
      subject.sink { print("delayed: \\($0)") }.store(in: &cancellables)
      subject.sink { print("direct: \\($0)") }.store(in: &cancellables)
      subject.send("a")
      """
    #expect(Set(printed(swift)) == ["0ms: delayed: a", "0ms: direct: a"])
    #expect(
      notes(swift).filter { $0.contains("which gets it first is not defined") } == [
        "the subject `PassthroughSubject<String, Never>()` sent one value to 2 subscribers at 0ms: Combine keeps "
          + "a subject's subscribers in a Set, so which gets it first is not defined, and Swift may print what "
          + "they do at that instant in another order than shown here"
      ])
    // `@Published`'s subject keeps its subscribers the same way (OpenCombine's
    // `PublishedSubject` holds a `ConduitList`, as `PassthroughSubject` does).
    let published = """
      final class Model {
          @Published var query = ""
      }
      let model = Model()
      var bag = Set<AnyCancellable>()
      model.$query.sink { print("a: \\($0)") }.store(in: &bag)
      model.$query.sink { print("b: \\($0)") }.store(in: &bag)
      model.query = "swift"
      """
    #expect(
      notes(published).contains {
        $0.hasPrefix("`$query` sent one value to 2 subscribers at 0ms: Combine keeps a subject's subscribers in a Set")
      })
    // One subscriber: nothing to say.
    #expect(
      !notes("let s = PassthroughSubject<Int, Never>()\nlet c = s.sink { print($0) }\ns.send(1)").contains {
        $0.contains("not defined")
      })
  }

  /// The message and line of a refusal, or nil when the paste ran.
  private func refusal(_ swift: String) -> (message: String, line: Int)? {
    guard case .refused(let diagnostic) = SwiftRun.run(swift) else { return nil }
    return (diagnostic.message, SourceLocation(of: diagnostic.range, in: swift).line)
  }

  /// Cuts swiftc refused and streamlab ran (`scripts/swiftrun-cuts`), each
  /// now refused at the line swiftc named, in swiftc's words.
  @Test func whatSwiftcRefusedInTheCutsIsRefusedAtItsLine() throws {
    // 20-timer-autoconnect and 46-failure-enum-completion without their receiveValue line:
    // "missing argument for parameter 'receiveValue' in call".
    let completionOnly = """
      let c = Just(1).sink(receiveCompletion: { print($0) })
      """
    #expect(refusal(completionOnly)?.message == "missing argument for parameter 'receiveValue' in call")
    // 32-retry-exhausted without its receiveCompletion: "referencing instance method
    // 'sink(receiveValue:)' on 'Publisher' requires the types 'Flaky' and 'Never' be equivalent".
    let failing = """
      enum Flaky: Error { case down }
      let c = Fail<Int, Flaky>(error: .down)
          .retry(2)
          .sink { value in print(value) }
      """
    #expect(
      refusal(failing)?.message
        == "referencing instance method 'sink(receiveValue:)' on 'Publisher' requires the types 'Flaky' and 'Never' "
        + "be equivalent")
    #expect(refusal(failing)?.line == 2)
    // 65-delay-runloop-seconds without `.sink { … }`: "cannot assign value of type
    // 'Publishers.Delay<Just<()>, RunLoop>' to type 'AnyCancellable'".
    let unsubscribed = """
      final class Banner {
          var cancellable: AnyCancellable?
          func show() {
              cancellable = Just(())
                  .delay(for: .seconds(2), scheduler: RunLoop.main)
          }
      }
      Banner().show()
      """
    let stored = try #require(refusal(unsubscribed))
    #expect(stored.message.hasPrefix("cannot assign a publisher to a property or variable of type `AnyCancellable?`"))
    #expect(stored.line == 4)
    // 76-weak-self-set-released without `guard let self`: "value of optional type
    // 'StopwatchViewModel?' must be unwrapped to refer to member 'seconds' of wrapped base type".
    let weakSelf = """
      final class StopwatchViewModel {
          var seconds = 0
          var cancellables = Set<AnyCancellable>()
          init() {
              Just(1).sink { [weak self] _ in
                  self.seconds += 1
              }.store(in: &cancellables)
          }
      }
      let model = StopwatchViewModel()
      """
    #expect(
      refusal(weakSelf)?.message
        == "value of optional type 'StopwatchViewModel?' must be unwrapped to refer to member 'seconds' of wrapped "
        + "base type 'StopwatchViewModel'")
    #expect(refusal(weakSelf)?.line == 6)
    // With `guard let self` (the whole snippet) it runs.
    #expect(
      refusal(weakSelf.replacingOccurrences(of: "_ in\n", with: "_ in\n            guard let self else { return }\n"))
        == nil)
    // 46-failure-enum-completion without `case quotaExceeded`: "type 'UploadError' has no member 'quotaExceeded'".
    let missingCase = """
      enum UploadError: Error {
          case rejected(reason: String)
      }
      let uploads = PassthroughSubject<Int, UploadError>()
      let c = uploads.sink(receiveCompletion: { completion in
          switch completion {
          case .finished: print("done")
          case .failure(.quotaExceeded): print("quota")
          case .failure(.rejected(let reason)): print(reason)
          }
      }, receiveValue: { _ in })
      uploads.send(completion: .failure(.rejected(reason: "virus")))
      """
    #expect(refusal(missingCase)?.message == "type 'UploadError' has no member 'quotaExceeded'")
    #expect(refusal(missingCase)?.line == 8)
  }

  /// 30-catch-fallback without its `description` line: "type 'ParseError'
  /// does not conform to protocol 'CustomStringConvertible'"; 38 and 63
  /// without the `init`'s assignment: "return from initializer without
  /// initializing all stored properties".
  @Test func aMissingDescriptionOrAnUnsetPropertyIsRefusedAsSwiftcRefusesIt() throws {
    let noDescription = """
      struct ParseError: Error, CustomStringConvertible {
          let input: String
      }
      print(ParseError(input: "x"))
      """
    #expect(
      refusal(noDescription)?.message == "type 'ParseError' does not conform to protocol 'CustomStringConvertible'")
    #expect(refusal(noDescription)?.line == 1)
    let described = noDescription.replacingOccurrences(
      of: "let input: String\n", with: "let input: String\n    var description: String { \"bad \\(input)\" }\n")
    #expect(printed(described) == ["0ms: bad x"])
    let unset = """
      final class TickerViewModel {
          let name: String
          var count = 0
          init(name: String) {
              count = 1
          }
      }
      let model = TickerViewModel(name: "a")
      """
    let refused = try #require(refusal(unset))
    #expect(
      refused.message == "return from initializer without initializing all stored properties: `name` is never set")
    #expect(refused.line == 4)
    #expect(refusal(unset.replacingOccurrences(of: "count = 1", with: "self.name = name")) == nil)
  }

  /// 46-failure-enum-completion without `case .failure(.quotaExceeded):` and
  /// 47-map-error-set-failure without `case decoding`: swiftc refused "switch
  /// must be exhaustive" and "type 'APIError' has no member 'decoding'"; the
  /// runs never met the missing case, so streamlab ran them without a word.
  @Test func aSwitchThatLeavesACaseOutIsRefusedBeforeItRuns() throws {
    let completion = """
      enum UploadError: Error {
          case quotaExceeded
          case rejected(reason: String)
      }
      let uploads = PassthroughSubject<Int, UploadError>()
      let c = uploads.sink(receiveCompletion: { completion in
          switch completion {
          case .finished: print("done")
          case .failure(.rejected(let reason)): print(reason)
          }
      }, receiveValue: { _ in })
      uploads.send(completion: .failure(.rejected(reason: "virus")))
      """
    let refused = try #require(refusal(completion))
    #expect(refused.message == "switch must be exhaustive: no case for `.failure(.quotaExceeded)`")
    #expect(refused.line == 7)
    let covered = completion.replacingOccurrences(
      of: "case .finished:", with: "case .failure(.quotaExceeded): print(\"quota\")\n    case .finished:")
    #expect(printed(covered) == ["0ms: virus"])
    let missingMember = """
      enum APIError: Error {
          case transport(String)
      }
      let c = Just(1).setFailureType(to: APIError.self).sink(receiveCompletion: { completion in
          switch completion {
          case .finished: print("finished")
          case .failure(.transport(let reason)): print(reason)
          case .failure(.decoding): print("decoding")
          }
      }, receiveValue: { _ in })
      """
    #expect(refusal(missingMember)?.message == "type 'APIError' has no member 'decoding'")
    #expect(refusal(missingMember)?.line == 8)
    // An enum of the paste's own, switched directly; `default:` and an Optional are left alone.
    let own = """
      enum Light { case red, amber, green }
      let light = Light.red
      switch light {
      case .red: print("stop")
      case .green: print("go")
      }
      """
    #expect(refusal(own)?.message == "switch must be exhaustive: no case for `.amber`")
    #expect(
      printed(own.replacingOccurrences(of: "case .green", with: "default: print(\"wait\")\ncase .green")) == [
        "0ms: stop"
      ])
    let optional = """
      enum Light { case red, amber }
      let light: Light? = .red
      switch light {
      case .some(.red): print("stop")
      case .some(.amber): print("wait")
      case .none: print("off")
      }
      """
    #expect(printed(optional) == ["0ms: stop"])
  }
}
