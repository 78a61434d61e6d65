/// Pastes in the forms real Combine code takes (view models, services,
/// helpers, playground pages, tests), written for these tests: what the
/// interpreter's grammar must read whole.
enum RealisticPastes {
  static let all: [String] = [
    // A playground page: a subject, a sink, sends.
    #"""
    import Combine

    let subject = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    let cancellable = subject
      .filter { $0 % 2 == 0 }
      .map { value -> String in
        let doubled = value * 2
        return "\(doubled)"
      }
      .sink(receiveCompletion: { completion in
        switch completion {
        case .finished: print("done")
        case .failure(let error): print(error)
        }
      }, receiveValue: { print($0) })
    for i in 1...5 { subject.send(i) }
    subject.send(completion: .finished)
    """#,
    // A form validator with CombineLatest and a computed property.
    #"""
    final class SignUpViewModel: ObservableObject {
      @Published var email = ""
      @Published var password = ""
      @Published var passwordAgain = ""
      @Published private(set) var isValid = false
      private var subscriptions = Set<AnyCancellable>()

      var passwordsMatch: AnyPublisher<Bool, Never> {
        Publishers.CombineLatest($password, $passwordAgain)
          .map { password, again in password == again && !password.isEmpty }
          .eraseToAnyPublisher()
      }

      init() {
        Publishers.CombineLatest($email.map { $0.contains("@") }, passwordsMatch)
          .map { $0 && $1 }
          .assign(to: \.isValid, on: self)
          .store(in: &subscriptions)
      }
    }
    """#,
    // A service with a Future and a Result.
    #"""
    enum NetworkError: Error {
      case offline
      case status(code: Int)
    }

    struct UserService {
      var delay: DispatchQueue.SchedulerTimeType.Stride = .milliseconds(200)

      func user(id: Int) -> Future<String, NetworkError> {
        Future { promise in
          DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) {
            if id < 0 {
              promise(.failure(.status(code: 404)))
            } else {
              promise(.success("user \(id)"))
            }
          }
        }
      }
    }

    let service = UserService()
    let c = service.user(id: 3)
      .catch { _ in Just("guest") }
      .sink { print($0) }
    """#,
    // A view model driven from outside, with a state enum.
    #"""
    class CounterViewModel {
      enum Event { case increment, decrement, reset }

      let events = PassthroughSubject<Event, Never>()
      @Published var count = 0
      private var bag: Set<AnyCancellable> = []

      init() {
        events
          .scan(0) { total, event in
            switch event {
            case .increment: return total + 1
            case .decrement: return max(0, total - 1)
            case .reset: return 0
            }
          }
          .sink { [unowned self] in self.count = $0 }
          .store(in: &bag)
      }
    }

    let vm = CounterViewModel()
    let log = vm.$count.sink { print("count", $0) }
    vm.events.send(.increment)
    vm.events.send(.increment)
    vm.events.send(.reset)
    """#,
    // A user extension with a generic helper.
    #"""
    extension Publisher {
      func flatMapLatest<P: Publisher>(
        _ transform: @escaping (Output) -> P
      ) -> AnyPublisher<P.Output, Failure> where P.Failure == Failure {
        map(transform).switchToLatest().eraseToAnyPublisher()
      }

      func withPrevious() -> AnyPublisher<(previous: Output?, current: Output), Failure> {
        scan(Optional<(Output?, Output)>.none) { ($0?.1, $1) }
          .compactMap { $0 }
          .map { (previous: $0.0, current: $0.1) }
          .eraseToAnyPublisher()
      }
    }
    """#,
    // A test with a scheduler and expectations.
    #"""
    func testDebounce() throws {
      let scheduler = DispatchQueue.test
      let input = PassthroughSubject<String, Never>()
      var output: [String] = []
      let cancellable = input
        .debounce(for: .milliseconds(300), scheduler: scheduler)
        .sink { output.append($0) }
      input.send("s")
      scheduler.advance(by: .milliseconds(100))
      input.send("sw")
      scheduler.advance(by: .milliseconds(400))
      XCTAssertEqual(output, ["sw"])
      _ = cancellable
    }
    """#,
    // A struct value sent through a subject, with a mutating method.
    #"""
    struct Point: Equatable, CustomStringConvertible {
      var x: Double
      var y: Double
      static let zero = Point(x: 0, y: 0)
      var description: String { "(\(x), \(y))" }
      var length: Double { (x * x + y * y).squareRoot() }

      mutating func move(by dx: Double, _ dy: Double = 0) {
        x += dx
        y += dy
      }

      static func + (lhs: Point, rhs: Point) -> Point {
        Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
      }
    }

    var point = Point.zero
    point.move(by: 2)
    let positions = CurrentValueSubject<Point, Never>(point)
    let sub = positions.map(\.length).sink { print($0) }
    """#,
    // Retry with a counter captured by a closure.
    #"""
    var attempts = 0
    let flaky = Deferred {
      Future<Int, Error> { promise in
        attempts += 1
        if attempts < 3 {
          promise(.failure(URLError(.timedOut)))
        } else {
          promise(.success(attempts))
        }
      }
    }
    let s = flaky
      .retry(3)
      .replaceError(with: -1)
      .sink { value in print("got \(value) after \(attempts) attempts") }
    """#,
    // guard in a sink, an optional chain, a nil-coalescing default.
    #"""
    struct Profile { var name: String?; var city: String? }
    let profiles = PassthroughSubject<Profile?, Never>()
    let c = profiles.sink { profile in
      guard let profile, let name = profile.name else {
        print("no profile")
        return
      }
      let city = profile.city ?? "unknown"
      print("\(name) lives in \(city)")
    }
    profiles.send(Profile(name: "Ana", city: nil))
    profiles.send(nil)
    """#,
    // A lazy property and a static factory.
    #"""
    final class Ticker {
      static let shared = Ticker()
      lazy var ticks: AnyPublisher<Int, Never> = Timer.publish(every: 1, on: .main, in: .common)
        .autoconnect()
        .scan(0) { count, _ in count + 1 }
        .eraseToAnyPublisher()
      private init() {}
    }
    let t = Ticker.shared.ticks.prefix(3).sink { print($0) }
    """#,
    // willSet and didSet with names.
    #"""
    class Thermostat {
      var target: Double = 20 {
        willSet(next) { print("will be \(next)") }
        didSet(previous) {
          if target > 30 { target = 30 }
          print("was \(previous)")
        }
      }
    }
    let thermostat = Thermostat()
    thermostat.target = 35
    """#,
    // do/catch around a throwing helper; try? and try!.
    #"""
    enum ParseError: Error { case empty, notANumber(String) }

    func parse(_ text: String) throws -> Int {
      guard !text.isEmpty else { throw ParseError.empty }
      guard let value = Int(text) else { throw ParseError.notANumber(text) }
      return value
    }

    do {
      let n = try parse("12")
      print(n)
    } catch ParseError.notANumber(let text) {
      print("not a number: \(text)")
    } catch {
      print("other: \(error)")
    }
    let maybe = try? parse("")
    let sure = try! parse("3")
    """#,
    // tryMap throwing from a closure with statements.
    #"""
    let c = ["1", "2", "x"].publisher
      .tryMap { text -> Int in
        guard let value = Int(text) else {
          throw URLError(.cannotParseResponse)
        }
        return value
      }
      .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    """#,
    // A while loop, repeat/while and an array built up.
    #"""
    var fibonacci = [0, 1]
    while fibonacci.count < 10 {
      let next = fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]
      fibonacci.append(next)
    }
    var countdown = 3
    repeat {
      print(countdown)
      countdown -= 1
    } while countdown > 0
    let c = fibonacci.publisher.collect(3).sink { print($0) }
    """#,
    // Switch over a tuple and ranges.
    #"""
    func classify(_ point: (Int, Int)) -> String {
      switch point {
      case (0, 0): return "origin"
      case (let x, 0): return "on x at \(x)"
      case (0, let y): return "on y at \(y)"
      case (-10...10, -10...10): return "near"
      default: return "far"
      }
    }
    let c = [(0, 0), (3, 0), (20, 20)].publisher.map(classify).sink { print($0) }
    """#,
    // A protocol with a default implementation in an extension.
    #"""
    protocol Loading: AnyObject {
      var isLoading: Bool { get set }
      func load() -> AnyPublisher<[String], Error>
    }

    extension Loading {
      func reload(into store: inout [String]) {
        isLoading = true
        store.removeAll()
      }
    }
    """#,
    // A dictionary cache and a for over its keys.
    #"""
    var cache: [String: Int] = [:]
    let words = PassthroughSubject<String, Never>()
    let c = words.sink { word in
      cache[word, default: 0] += 1
      for (key, count) in cache where count > 1 {
        print("\(key) seen \(count) times")
      }
    }
    words.send("a")
    words.send("a")
    """#,
    // A class hierarchy with override and super.
    #"""
    class BaseModel {
      var name: String
      init(name: String) { self.name = name }
      func describe() -> String { "model \(name)" }
    }

    final class DetailModel: BaseModel {
      let id: Int
      init(id: Int, name: String) {
        self.id = id
        super.init(name: name)
      }
      override func describe() -> String { super.describe() + " #\(id)" }
      deinit { print("bye \(id)") }
    }
    """#,
    // An actor and async/await around a publisher's values.
    #"""
    actor Counter {
      private var value = 0
      func increment() -> Int {
        value += 1
        return value
      }
    }

    func run() async {
      let counter = Counter()
      let n = await counter.increment()
      print(n)
    }
    """#,
    // Multiple trailing closures and a key path with optional chaining.
    #"""
    struct Order { var customer: Customer? }
    struct Customer { var name: String }
    let orders = PassthroughSubject<Order, Never>()
    let c = orders
      .compactMap(\.customer?.name)
      .sink { completion in
        print(completion)
      } receiveValue: { name in
        print(name)
      }
    """#,
    // if-else chains, a ternary and a negation inside a map.
    #"""
    let c = (1...20).publisher
      .map { n -> String in
        if n % 15 == 0 {
          return "FizzBuzz"
        } else if n % 3 == 0 {
          return "Fizz"
        } else if n % 5 == 0 {
          return "Buzz"
        }
        return !(n > 10) ? "\(n)" : "big \(n)"
      }
      .sink { print($0) }
    """#,
    // Weak capture with a stored closure property and an optional call.
    #"""
    final class Coordinator {
      var onFinish: ((String) -> Void)?
      private var tokens = Set<AnyCancellable>()

      func start(with subject: PassthroughSubject<String, Never>) {
        subject
          .first()
          .sink { [weak self, tokens] value in
            _ = tokens
            self?.onFinish?(value)
          }
          .store(in: &tokens)
      }
    }
    """#,
  ]
}
