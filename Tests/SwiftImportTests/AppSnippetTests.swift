import SwiftImport
import Testing

/// Combine as people write it in apps and tests, pasted as it is: each
/// snippet's timelines were worked out by hand from Combine's rules (the
/// comment says how), and the run of the program it becomes must show them.
@Suite struct AppSnippetTests {
  /// A pasted snippet and each subscriber's expected output row.
  struct Snippet: CustomTestStringConvertible, Sendable {
    var name: String
    var swift: String
    var outputs: [String]
    var testDescription: String { name }
  }

  static let snippets: [Snippet] = [
    Snippet(
      name: "a tutorial's sink that prints with a switch over the completion and a guard",
      swift: """
        var cancellables = Set<AnyCancellable>()
        [1, 2, 3, 4, 5].publisher
          .filter { $0 % 2 == 0 }
          .map { $0 * 10 }
          .sink(receiveCompletion: { completion in
            switch completion {
            case .finished: print("finished")
            case .failure(let error): print("failed: \\(error)")
            }
          }, receiveValue: { value in
            guard value > 0 else { return }
            print("received \\(value)")
          })
          .store(in: &cancellables)
        """,
      // The sink's closures only print: the reader reads past their
      // statements. 2 and 4 pass the filter, times ten; all at once.
      outputs: ["0ms:20, 0ms:40, 0ms:|"]),
    Snippet(
      name: "a request failing at once, caught by a closure that names the error it ignores",
      swift: """
        let scheduler = DispatchQueue.test
        let request = Fail(outputType: [String].self, failure: URLError(.timedOut))
          .delay(for: .milliseconds(300), scheduler: scheduler)
        let c = request
          .catch { error in Just(["cached"]) }
          .sink { print($0) }
        scheduler.advance(by: .seconds(1))
        """,
      // delay holds the failure back 300ms too; catch then switches to Just,
      // which sends its value and finishes at once.
      outputs: [#"300ms:["cached"], 300ms:|"#]),
    Snippet(
      name: "form validation: combineLatest's pair read as $0 and $1, as Swift destructures a tuple",
      swift: """
        let name = CurrentValueSubject<String, Never>("")
        let password = CurrentValueSubject<String, Never>("")
        let c = name.combineLatest(password)
          .map { $0.count >= 3 && $1.count >= 8 }
          .removeDuplicates()
          .sink { print($0) }
        name.send("ann")
        password.send("12345678")
        """,
      // ("", "") is false at once; ("ann", "") is false again, dropped as a
      // duplicate; ("ann", "12345678") is true. Every send is at 0ms.
      outputs: ["0ms:false, 0ms:true"]),
    Snippet(
      name: "a Future declared to fail that succeeds, merged with a subject of the same Failure",
      swift: """
        let saved = Future<Int, Error> { promise in
          DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) { promise(.success(1)) }
        }
        let edits = PassthroughSubject<Int, Error>()
        let c = saved.merge(with: edits).sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
        edits.send(2)
        """,
      // The edit arrives at once; the future answers at 200ms and finishes,
      // but the merge waits for the subject, which never finishes.
      outputs: ["0ms:2, 200ms:1"]),
    Snippet(
      name: "view model: a method called on self is the request, assigned to an @Published property",
      swift: """
        final class SearchViewModel {
          @Published var query = ""
          @Published var results: [String] = []
          var cancellables = Set<AnyCancellable>()
          func search(_ q: String) -> AnyPublisher<[String], Error> {
            Just([q]).setFailureType(to: Error.self)
              .delay(for: .milliseconds(200), scheduler: RunLoop.main).eraseToAnyPublisher()
          }
          init() {
            $query.debounce(for: .milliseconds(300), scheduler: RunLoop.main)
              .map { q in self.search(q) }.switchToLatest()
              .catch { _ in Just([]) }
              .sink { print($0) }.store(in: &cancellables)
          }
        }
        let viewModel = SearchViewModel()
        viewModel.query = "sw"
        """,
      // $query sends "" at subscription, then "sw" at 0ms: debounce keeps
      // only "sw", 300ms later; its request answers 200ms after that.
      outputs: [#"500ms:["sw"]"#]),
    Snippet(
      name: "a failed request retried, then replaced by Empty(), which ends the inner publisher",
      swift: """
        let queries = PassthroughSubject<String, Never>()
        func request(_ q: String) -> AnyPublisher<String, URLError> {
          Fail(error: URLError(.notConnectedToInternet)).eraseToAnyPublisher()
        }
        let c = queries.flatMap { q in request(q).retry(2).catch { _ in Empty() } }.sink { print($0) }
        queries.send("a")
        queries.send(completion: .finished)
        """,
      // Each attempt fails at once; after two retries catch switches to an
      // Empty that finishes at once; the flatMap finishes with its upstream.
      outputs: ["0ms:|"]),
    Snippet(
      name: "search field: removeDuplicates, debounce, a request per query, switchToLatest, catch",
      swift: """
        let query = PassthroughSubject<String, Never>()
        let scheduler = DispatchQueue.test
        func search(_ term: String) -> AnyPublisher<[String], Never> {
          Just([term + " result"])
            .delay(for: .milliseconds(200), scheduler: scheduler)
            .eraseToAnyPublisher()
        }
        let cancellable = query
          .removeDuplicates()
          .debounce(for: .milliseconds(300), scheduler: scheduler)
          .map { term in search(term) }
          .switchToLatest()
          .catch { _ in Just([]) }
          .sink { print($0) }
        scheduler.advance(by: .milliseconds(50))
        query.send("s")
        scheduler.advance(by: .milliseconds(100))
        query.send("sw")
        scheduler.advance(by: .milliseconds(100))
        query.send("sw")
        scheduler.advance(by: .milliseconds(500))
        query.send("swift")
        scheduler.advance(by: .seconds(1))
        """,
      // "s" 50, "sw" 150, "sw" 250 (a duplicate), "swift" 750; debounce
      // 300ms sends "sw" at 450 and "swift" at 1050; each request answers
      // 200ms later; the subject never finishes.
      outputs: [#"650ms:["sw result"], 1250ms:["swift result"]"#]),
    Snippet(
      name: "search field: a newer query cancels the slower request it overtakes",
      swift: """
        let scheduler = DispatchQueue.test
        let typed = PassthroughSubject<String, Never>()
        let results = typed
          .map { text in Just(text.uppercased()).delay(for: .milliseconds(text.count * 100), scheduler: scheduler) }
          .switchToLatest()
        let cancellable = results.sink { print($0) }
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(100))) { typed.send("ipad") }
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(200))) { typed.send("ip") }
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(700))) { typed.send(completion: .finished) }
        """,
      // "ipad" would answer at 100 + 400 = 500 but "ip" at 200 replaces it
      // and answers at 200 + 200 = 400; the upstream finishes at 700.
      outputs: [#"400ms:"IP", 700ms:|"#]),
    Snippet(
      name: "form validation: combineLatest waits for both fields, removeDuplicates keeps changes",
      swift: """
        let username = CurrentValueSubject<String, Never>("")
        let password = CurrentValueSubject<String, Never>("")
        let scheduler = DispatchQueue.test
        let isValid = username.combineLatest(password) { user, pass in user.count >= 3 && pass.count >= 8 }
        let cancellable = isValid.removeDuplicates().sink { print($0) }
        scheduler.advance(by: .milliseconds(100))
        username.send("bob")
        scheduler.advance(by: .milliseconds(100))
        password.send("secret")
        scheduler.advance(by: .milliseconds(100))
        password.send("secret123")
        """,
      // Both start "", so false at once; "bob" and "secret" keep it false
      // (dropped as duplicates); "secret123" has 9 characters: true at 300.
      outputs: ["0ms:false, 300ms:true"]),
    Snippet(
      name: "form validation: a PassthroughSubject field sends nothing until typed in",
      swift: """
        let email = PassthroughSubject<String, Never>()
        let accepted = CurrentValueSubject<Bool, Never>(false)
        let canSubmit = email.map { $0.contains("@") }.combineLatest(accepted) { $0 && $1 }
        let c = canSubmit.sink { print($0) }
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) { email.send("ann@example.com") }
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) { accepted.send(true) }
        """,
      // combineLatest waits for the email (100ms): true && false; then true at 200.
      outputs: ["100ms:false, 200ms:true"]),
    Snippet(
      name: "retry and catch around a stand-in network call that fails after 200ms",
      swift: """
        func fetchProfile() -> AnyPublisher<String, Error> {
          Deferred {
            Future<String, Error> { promise in
              DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) {
                promise(.failure(URLError(.notConnectedToInternet)))
              }
            }
          }
          .eraseToAnyPublisher()
        }
        let cancellable = fetchProfile()
          .retry(1)
          .replaceError(with: "offline")
          .sink { print($0) }
        """,
      // Deferred makes a new Future per subscription: it fails at 200, retry
      // subscribes again, the second fails at 400 and replaceError answers.
      outputs: [#"400ms:"offline", 400ms:|"#]),
    Snippet(
      name: "catch replaces a failed request with a fallback publisher",
      swift: """
        enum NetworkError: Error { case offline }
        let request = Fail<String, NetworkError>(error: .offline)
          .delay(for: .milliseconds(100), scheduler: DispatchQueue.main)
        let cancellable = request
          .catch { _ in Just("cached") }
          .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
        """,
      // The failure is delayed 100ms like a value; catch then sends "cached" and finishes.
      outputs: [#"100ms:"cached", 100ms:|"#]),
    Snippet(
      name: "errors handled inside flatMap keep the outer pipeline alive",
      swift: """
        func load(_ id: Int) -> AnyPublisher<String, Never> {
          Fail<String, Error>(error: URLError(.badServerResponse))
            .catch { _ in Just("missing") }
            .eraseToAnyPublisher()
        }
        let c = [1, 2].publisher
          .flatMap { id in load(id) }
          .sink { print($0) }
        """,
      // Each inner publisher fails and is caught, so both ids answer and the outer finishes.
      outputs: [#"0ms:"missing", 0ms:"missing", 0ms:|"#]),
    Snippet(
      name: "subject sent to between test-scheduler steps, then cancelled",
      swift: """
        let subject = PassthroughSubject<Int, Never>()
        let scheduler = DispatchQueue.test
        var received: [Int] = []
        let cancellable = subject.map { $0 * 10 }.sink { received.append($0) }
        scheduler.advance(by: .milliseconds(100))
        subject.send(1)
        scheduler.advance(by: .milliseconds(100))
        subject.send(2)
        scheduler.advance(by: .milliseconds(50))
        cancellable.cancel()
        scheduler.advance(by: .milliseconds(100))
        subject.send(3)
        """,
      // Sends at 100 and 200; the cancel at 250 means 3 (at 350) is never seen.
      outputs: ["100ms:10, 200ms:20, 250ms:!"]),
    Snippet(
      name: "dropping a stored cancellable cancels the subscription",
      swift: """
        let scheduler = DispatchQueue.test
        var cancellable: AnyCancellable?
        cancellable = Timer.publish(every: 0.1, on: .main, in: .common)
          .autoconnect()
          .sink { print($0) }
        scheduler.advance(by: .milliseconds(250))
        cancellable = nil
        """,
      // Ticks at 100 and 200 (the timer counts them); nil at 250 cancels.
      outputs: ["100ms:0, 200ms:1, 250ms:!"]),
    Snippet(
      name: "a sink that is not stored is cancelled at once",
      swift: """
        Timer.publish(every: 1, on: .main, in: .common)
          .autoconnect()
          .sink { print($0) }
        """,
      // Nothing holds the AnyCancellable, so the first tick (at 1s) never comes.
      outputs: ["0ms:!"]),
    Snippet(
      name: "CurrentValueSubject: a late subscriber gets the current value first",
      swift: """
        let scheduler = DispatchQueue.test
        let counter = CurrentValueSubject<Int, Never>(0)
        let early = counter.sink { print($0) }
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(100))) { counter.send(1) }
        var late: AnyCancellable?
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(150))) { late = counter.sink { print($0) } }
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(200))) { counter.send(completion: .finished) }
        scheduler.advance(by: .milliseconds(300))
        """,
      outputs: ["0ms:0, 100ms:1, 200ms:|", "150ms:^, 150ms:1, 200ms:|"]),
    Snippet(
      name: "PassthroughSubject: a late subscriber misses what was sent before",
      swift: """
        let events = PassthroughSubject<String, Never>()
        let scheduler = DispatchQueue.test
        let first = events.sink { print($0) }
        scheduler.advance(by: .milliseconds(100))
        events.send("a")
        scheduler.advance(by: .milliseconds(50))
        let second = events.sink { print($0) }
        scheduler.advance(by: .milliseconds(50))
        events.send("b")
        events.send(completion: .finished)
        events.send("ignored")
        """,
      // The second subscribes at 150, after "a" (100); sends after completion are ignored.
      outputs: [#"100ms:"a", 200ms:"b", 200ms:|"#, #"150ms:^, 200ms:"b", 200ms:|"#]),
    Snippet(
      name: "a shared request runs once for both subscribers",
      swift: """
        let scheduler = DispatchQueue.test
        let request = Deferred {
          Future<String, Never> { promise in
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300)) { promise(.success("profile")) }
          }
        }
        .share()
        let first = request.sink { print("first", $0) }
        scheduler.advance(by: .milliseconds(100))
        let second = request.sink { print("second", $0) }
        """,
      // share subscribes upstream once, at 0; both see its answer at 300.
      outputs: [#"300ms:"profile", 300ms:|"#, #"100ms:^, 300ms:"profile", 300ms:|"#]),
    Snippet(
      name: "Future is eager: a subscriber after its promise still gets the value",
      swift: """
        let scheduler = DispatchQueue.test
        let future = Future<Int, Never> { promise in
          scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(100))) { promise(.success(7)) }
        }
        scheduler.advance(by: .milliseconds(250))
        let c = future.sink { print($0) }
        """,
      // The promise is kept at 100; a Future replays it to a subscriber at 250.
      outputs: ["250ms:^, 250ms:7, 250ms:|"]),
    Snippet(
      name: "a Timer ticker collected by time",
      swift: """
        let scheduler = DispatchQueue.test
        let ticks = Timer.publish(every: 0.1, on: .main, in: .common).autoconnect()
        let cancellable = ticks
          .prefix(4)
          .collect(.byTime(scheduler, .milliseconds(250)))
          .sink { print($0) }
        """,
      // Ticks 0…3 at 100…400; the first window closes at 250 with [0, 1];
      // prefix finishes at 400, which flushes [2, 3].
      outputs: ["250ms:[0, 1], 400ms:[2, 3], 400ms:|"]),
    Snippet(
      name: "a Timer ticker throttled to one value per 250ms, the first of each window",
      swift: """
        let c = Timer.publish(every: 0.1, on: .main, in: .common)
          .autoconnect()
          .prefix(5)
          .throttle(for: .milliseconds(250), scheduler: RunLoop.main, latest: false)
          .sink { print($0) }
        """,
      // Combine's throttle sends the first tick at once (100), then the first
      // of each later window: 1 (200) is held to 350 and 3 (400) to 600; the
      // upstream's completion at 500 waits behind it, as in the README's
      // diagram of `interval 100ms | take 5 | throttle 250ms latest: false`.
      outputs: ["100ms:0, 350ms:1, 600ms:3, 600ms:|"]),
    Snippet(
      name: "a multicast timer starts at connect",
      swift: """
        let scheduler = DispatchQueue.test
        let numbers = Timer.publish(every: 0.1, on: .main, in: .common)
          .autoconnect()
          .prefix(3)
          .multicast(subject: PassthroughSubject<Int, Never>())
        let c1 = numbers.sink { print($0) }
        scheduler.advance(by: .milliseconds(150))
        let connection = numbers.connect()
        """,
      // Nothing runs until connect at 150; then ticks at 250, 350, 450.
      outputs: ["250ms:0, 350ms:1, 450ms:2, 450ms:|"]),
    Snippet(
      name: "an @Published view model debounces its query into results",
      swift: """
        final class SearchViewModel: ObservableObject {
          @Published var query = ""
          @Published var results: [String] = []
          private var cancellables = Set<AnyCancellable>()

          init() {
            $query
              .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
              .filter { !$0.isEmpty }
              .map { [$0.uppercased()] }
              .assign(to: &$results)
          }
        }
        let viewModel = SearchViewModel()
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) { viewModel.query = "s" }
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) { viewModel.query = "sw" }
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(800)) { viewModel.query = "swift" }
        """,
      // "" at once (debounced to 300, then filtered out as empty), "s" 100
      // and "sw" 200 settle at 500 as "sw"; "swift" 800 settles at 1100.
      outputs: [#"500ms:["SW"], 1100ms:["SWIFT"]"#]),
    Snippet(
      name: "a sequence mapped, filtered and summed",
      swift: """
        var cancellables = Set<AnyCancellable>()
        (1...6).publisher
          .filter { $0 % 2 == 0 }
          .map { value in value * value }
          .reduce(0) { $0 + $1 }
          .sink { print($0) }
          .store(in: &cancellables)
        """,
      // 2, 4, 6 squared are 4, 16, 36: 56 at completion.
      outputs: ["0ms:56, 0ms:|"]),
    Snippet(
      name: "scan with named parameters keeps a running total",
      swift: """
        let totals = [5, 10, 20].publisher.scan(0) { total, next in total + next }
        let c = totals.sink { print($0) }
        """,
      outputs: ["0ms:5, 0ms:15, 0ms:35, 0ms:|"]),
    Snippet(
      name: "compactMap drops what does not convert",
      swift: """
        let c = ["1", "two", "3"].publisher.compactMap { Int($0) }.collect().sink { print($0) }
        """,
      outputs: ["0ms:[1, 3], 0ms:|"]),
    Snippet(
      name: "flatMap with maxPublishers .max(1) requests one inner publisher at a time",
      swift: """
        let scheduler = DispatchQueue.test
        let c = [1, 2, 3].publisher
          .flatMap(maxPublishers: .max(1)) { id in
            Just(id * 10).delay(for: .milliseconds(100), scheduler: scheduler)
          }
          .sink { print($0) }
        """,
      // Each inner answers 100ms after the previous one finished.
      outputs: ["100ms:10, 200ms:20, 300ms:30, 300ms:|"]),
    Snippet(
      name: "delay computed from the element",
      swift: """
        let c = ["ccc", "a"].publisher
          .flatMap { word in Just(word).delay(for: .milliseconds(word.count * 100), scheduler: DispatchQueue.main) }
          .sink { print($0) }
        """,
      outputs: [#"100ms:"a", 300ms:"ccc", 300ms:|"#]),
    Snippet(
      name: "string interpolation in a closure",
      swift: """
        let c = [1, 2].publisher.map { "item \\($0)!" }.sink { print($0) }
        """,
      outputs: [#"0ms:"item 1!", 0ms:"item 2!", 0ms:|"#]),
    Snippet(
      name: "zip pairs values in order",
      swift: """
        let c = [1, 2, 3].publisher.zip(["a", "b"].publisher).sink { print($0) }
        """,
      // The second publisher has two values, so zip finishes after two pairs.
      outputs: [#"0ms:(1, "a"), 0ms:(2, "b"), 0ms:|"#]),
    Snippet(
      name: "merge of two subjects in the order they send",
      swift: """
        let taps = PassthroughSubject<String, Never>()
        let swipes = PassthroughSubject<String, Never>()
        let scheduler = DispatchQueue.test
        let c = taps.merge(with: swipes).sink { print($0) }
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(100))) { taps.send("tap") }
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(200))) { swipes.send("swipe") }
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(300))) {
          taps.send(completion: .finished)
          swipes.send(completion: .finished)
        }
        """,
      // merge finishes once both have finished.
      outputs: [#"100ms:"tap", 200ms:"swipe", 300ms:|"#]),
    Snippet(
      name: "prepend and append around Just",
      swift: """
        let c = Just(2).prepend(0, 1).append(3).sink { print($0) }
        """,
      outputs: ["0ms:0, 0ms:1, 0ms:2, 0ms:3, 0ms:|"]),
    Snippet(
      name: "a never-finishing Empty times out",
      swift: """
        let c = Empty<Int, Never>(completeImmediately: false)
          .timeout(.milliseconds(300), scheduler: DispatchQueue.main)
          .replaceEmpty(with: -1)
          .sink { print($0) }
        """,
      // timeout without a custom error finishes at 300; the stream was empty.
      outputs: ["300ms:-1, 300ms:|"]),
    Snippet(
      name: "mapError to an app error case",
      swift: """
        enum SearchError: Error { case offline }
        let c = Fail<Int, URLError>(error: URLError(.notConnectedToInternet))
          .mapError { _ in SearchError.offline }
          .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
        """,
      outputs: [#"0ms:#offline"#]),
    Snippet(
      name: "receive(on:) queues a sequence's values behind what is already due, so merge's Just overtakes",
      swift: """
        let cancellable = [1, 2, 3].publisher
          .receive(on: DispatchQueue.main)
          .merge(with: Just(9))
          .sink { print($0) }
        """,
      // Without the hop 1, 2, 3 come first; with it, each delivery is queued on
      // the one clock behind Just(9), which merge subscribes to at once. All at 0ms.
      outputs: ["0ms:9, 0ms:1, 0ms:2, 0ms:3, 0ms:|"]),
    Snippet(
      name: "a Timer counted with scan, logged with handleEvents, stopped by prefix(untilOutputFrom:)",
      swift: """
        let scheduler = DispatchQueue.test
        let cancellable = Timer.publish(every: 0.1, on: .main, in: .common).autoconnect()
          .scan(0) { count, _ in count + 1 }
          .handleEvents(receiveOutput: { print($0) }, receiveCancel: { print("stopped") })
          .prefix(untilOutputFrom: Just(0).delay(for: .milliseconds(350), scheduler: scheduler))
          .sink { print($0) }
        """,
      // Ticks at 100, 200 and 300ms count 1, 2, 3; the trigger's 0 at 350ms
      // finishes prefix(untilOutputFrom:) before a fourth tick.
      outputs: ["100ms:1, 200ms:2, 300ms:3, 350ms:|"]),
    Snippet(
      name: "replaceNil fills in the texts Int(_:) cannot read, behind eraseToAnyPublisher",
      swift: """
        let numbers: AnyPublisher<Int, Never> = ["1", "x", "3"].publisher
          .map { Int($0) }
          .replaceNil(with: 0)
          .eraseToAnyPublisher()
        let cancellable = numbers.sink { print($0) }
        """,
      // Int("x") is nil, which replaceNil makes 0; a sequence sends all at once.
      outputs: ["0ms:1, 0ms:0, 0ms:3, 0ms:|"]),
  ]

  @Test(arguments: snippets)
  func snippetRunsAsCombineWould(_ snippet: Snippet) throws {
    let translation = try #require(Runs.translation(of: snippet.swift))
    let outputs = try Runs.outputs(of: translation.program)
    #expect(outputs == snippet.outputs, "became:\n\(translation.program)")
  }

  @Test func thereAreAtLeastTwentyFiveSnippets() {
    #expect(Self.snippets.count >= 25)
  }
}
