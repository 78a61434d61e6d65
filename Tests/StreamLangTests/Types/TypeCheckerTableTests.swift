import Testing

@testable import StreamLang

/// One program and what Swift gives each stage of its last pipeline, worked
/// out by hand from Combine's declarations (quoted in `declaration`), or the
/// type error Swift would report, with its column.
struct TypeCase: CustomTestStringConvertible, Sendable {
  var program: String
  /// `<Output, Failure>` of every stage, source first, separated by spaces;
  /// or `error COLUMN: message` for a program Swift would not compile.
  var expected: String
  /// The Combine declaration that decides it.
  var declaration: String

  init(_ program: String, _ expected: String, _ declaration: String) {
    self.program = program
    self.expected = expected
    self.declaration = declaration
  }

  var testDescription: String { program }
}

/// The stage types of the last shown pipeline, or the first type error.
func typesOfLastPipeline(_ text: String) throws -> String {
  let parsed = Parser.parse(text)
  try #require(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
  let checked = Result { () throws(TypeCheckFailure) in try TypeChecker.check(parsed.program) }
  switch checked {
  case .success(let typed):
    let last = try #require(typed.shown.last)
    return last.stages.map(\.type.spelling).joined(separator: " ")
  case .failure(let failure):
    let first = try #require(failure.diagnostics.first)
    return "error \(SourceLocation(of: first.range, in: text).column): \(first.message)"
  }
}

@Suite struct TypeCheckerTableTests {
  static let cases: [TypeCase] = [
    // Sources
    TypeCase("just 1", "<Int, Never>", "struct Just<Output>: Publisher { typealias Failure = Never }"),
    TypeCase("just 1,2,3", "<Int, Never>", "Sequence.publisher: Publishers.Sequence<Self, Never>"),
    TypeCase("just 1, 2.5", "<Double, Never>", "an array literal of Int and Double literals is [Double]"),
    TypeCase("just \"a\", \"b\"", "<String, Never>", "Publishers.Sequence<[String], Never>"),
    TypeCase(
      "just 1, \"a\"",
      "error 1: heterogeneous collection literal could only be inferred to '[Any]': `just` sends Int and String",
      "a Swift array literal has one element type"),
    TypeCase("just [1, 2]", "<[Int], Never>", "Just<[Int]>"),
    TypeCase("just (1, \"a\")", "<(Int, String), Never>", "Just<(Int, String)>"),
    TypeCase("just 1, nil", "<Int?, Never>", "[1, nil] is [Int?]"),
    TypeCase("range 1...5", "<Int, Never>", "ClosedRange<Int>.publisher: Publishers.Sequence<ClosedRange<Int>, Never>"),
    TypeCase("empty", "<Never, Never>", "Empty<Output, Failure>: nothing tells Output, so nothing is ever sent"),
    TypeCase("fail \"boom\"", "<Never, Error>", "Fail<Output, Failure>(error:)"),
    TypeCase(
      "fail \"boom\" | replaceError 0", "<Int, Error> <Int, Never>", "replaceError(with: Output) makes Output Int"),
    TypeCase("interval 100ms | take 3", "<Int, Never> <Int, Never>", "prefix(_:) -> Publishers.Output<Self>"),
    TypeCase(
      "timer 500ms | map x + 1", "<Int, Never> <Int, Never>", "map<T>(_: (Output) -> T) -> Publishers.Map<Self, T>"),
    TypeCase("marbles \"-a-b|\"", "<String, Never>", "letters are Strings; no # so it cannot fail"),
    TypeCase("marbles \"-1-2-#\"", "<Int, Error>", "digits are Ints; # fails"),
    TypeCase(
      "marbles \"-1-a|\"",
      "error 1: heterogeneous collection literal could only be inferred to '[Any]': `marbles` sends Int and String",
      "one publisher sends one Output type"),
    TypeCase("events 0ms:\"i\", 100ms:\"ip\", 900ms:|", "<String, Never>", "a script of Strings that only finishes"),
    TypeCase("events 0ms:1, 100ms:#\"bad\"", "<Int, Error>", "a script that fails"),
    TypeCase("subject 100ms:1, 250ms:2, 400ms:|", "<Int, Never>", "PassthroughSubject<Int, Never>"),
    TypeCase("current 0, 100ms:1", "<Int, Never>", "CurrentValueSubject<Int, Never>(0)"),
    TypeCase(
      "subject 100ms:1 | merge { fail \"x\" }", "<Int, Error> <Int, Error>",
      "PassthroughSubject<Int, Error>(): a subject sent no failure may be declared to fail, as merge needs"),
    TypeCase(
      "current 0 | tryMap x | merge { current 1 }", "<Int, Never> <Int, Error> <Int, Error>",
      "the second CurrentValueSubject is declared <Int, Error> to meet tryMap's Error in merge"),
    TypeCase(
      "subject 100ms:#\"x\" | merge { just 1 }",
      "error 30: instance method 'merge' requires the types 'Error' and 'Never' be equivalent: the upstream fails with Error, `just 1` with Never",
      "a subject sent a failure fails with Error, which Just's Never is not"),
    TypeCase("future 200ms 42", "<Int, Never>", "Future<Int, Never>"),
    TypeCase("deferred { future 200ms 42 }", "<Int, Never>", "Deferred<Future<Int, Never>>"),
    TypeCase(
      "let a = just \"x\"; a | map x.count", "<String, Never> <Int, Never>", "a bound name is its pipeline's publisher"),
    // Transforming
    TypeCase(
      "just 1,2,3 | map x * 2", "<Int, Never> <Int, Never>", "map<T>(_: (Output) -> T) -> Publishers.Map<Self, T>"),
    TypeCase(
      "just 1,2,3 | map x * 2.5",
      "error 18: binary operator '*' cannot be applied to operands of type 'Int' and 'Double'",
      "swiftc: an Int value never becomes a Double; only a literal does"),
    TypeCase(
      "just 1,2,3 | map Double(x) * 2.5", "<Int, Never> <Double, Never>", "Double.init(_: Int), then Double * Double"),
    TypeCase("just 2.5 | map x * 2", "<Double, Never> <Double, Never>", "the literal 2 beside a Double is a Double"),
    TypeCase("just 1 | map 2 * 2.5", "<Int, Never> <Double, Never>", "two literals: the Int literal becomes a Double"),
    TypeCase("just 1 | map (1 + 2) * 2.5", "<Int, Never> <Double, Never>", "1 + 2 is still literals to swiftc"),
    TypeCase(
      "just 1,2 | filter x > 1.5",
      "error 19: binary operator '>' cannot be applied to operands of type 'Int' and 'Double'",
      "swiftc: no '>' for Int and Double"),
    TypeCase("just 1 | map String(x)", "<Int, Never> <String, Never>", "String.init(_: Int)"),
    TypeCase("just 1 | map (x, x > 0)", "<Int, Never> <(Int, Bool), Never>", "a tuple"),
    TypeCase(
      "just 1,2,3 | map x + \"a\"",
      "error 18: binary operator '+' cannot be applied to operands of type 'Int' and 'String'",
      "static func + (lhs: String, rhs: String) -> String; no + between Int and String"),
    TypeCase(
      "just 1 | tryMap x * 2", "<Int, Never> <Int, Error>",
      "tryMap<T>(_: (Output) throws -> T) -> Publishers.TryMap<Self, T>: Failure is Error"),
    TypeCase(
      "just 1 | map fail(\"x\")", "error 14: call can throw, but `map`'s closure is not a throwing closure",
      "map's transform is (Output) -> T, not throws"),
    TypeCase(
      "just \"1\", \"a\" | compactMap Int(x)", "<String, Never> <Int, Never>",
      "compactMap<T>(_: (Output) -> T?): Int(String) is Int?"),
    TypeCase("just \"1\" | map Int(x)", "<String, Never> <Int?, Never>", "Int.init?(_: String) -> Int?"),
    TypeCase("just \"1\" | map Int(x) ?? 0", "<String, Never> <Int, Never>", "?? (T?, T) -> T"),
    TypeCase(
      "just 1,2,3 | scan 0, acc + x", "<Int, Never> <Int, Never>",
      "scan<T>(_: T, _: (T, Output) -> T) -> Publishers.Scan<Self, T>"),
    TypeCase(
      "just 1,2 | scan 0, acc + 0.5", "<Int, Never> <Double, Never>", "scan<T>: T is Double, the literal 0 becomes 0.0"),
    TypeCase("just 1,2 | scan \"\", acc + String(x)", "<Int, Never> <String, Never>", "scan<T> with T == String"),
    TypeCase(
      "just 1,2 | scan 0, acc + \"a\"",
      "error 20: binary operator '+' cannot be applied to operands of type 'Int' and 'String'",
      "scan's closure is (T, Output) -> T with T == Int"),
    TypeCase(
      "just 1,2 | reduce 0, acc + x", "<Int, Never> <Int, Never>",
      "reduce<T>(_: T, _: (T, Output) -> T) -> Publishers.Reduce<Self, T>"),
    TypeCase("just 1,2 | tryReduce 0, acc + x", "<Int, Never> <Int, Error>", "tryReduce: Failure is Error"),
    TypeCase(
      "just 1,2,3 | collect", "<Int, Never> <[Int], Never>",
      "collect() -> Publishers.Collect<Self>, Output == [Upstream.Output]"),
    TypeCase(
      "interval 100ms | collect 300ms or 3", "<Int, Never> <[Int], Never>",
      "collect(_: TimeGroupingStrategy<S>) -> Publishers.CollectByTime<Self, S>"),
    TypeCase(
      "just 1 | flatMap { just x | delay 100ms }", "<Int, Never> <Int, Never>",
      "flatMap<T, P>(maxPublishers:, _: (Output) -> P) where T == P.Output, P.Failure == Failure"),
    TypeCase(
      "just 1 | flatMap { fail \"x\" }", "<Int, Never> <Never, Error>",
      "iOS 14: extension Publisher where Failure == Never { flatMap<P>(…) -> FlatMap<P, SetFailureType<Self, P.Failure>> }"
    ),
    TypeCase(
      "just 1 | tryMap x | flatMap { just x + 1 }", "<Int, Never> <Int, Error> <Int, Error>",
      "iOS 14: flatMap<P>(…) -> FlatMap<SetFailureType<P, Failure>, Self> where P.Failure == Never"),
    TypeCase(
      "just 1 | flatMap x * 2", "error 18: `flatMap`'s closure must return a publisher, not Int",
      "flatMap<P: Publisher>(_ transform: (Output) -> P)"),
    TypeCase(
      "just 1 | map { just x } | switchToLatest", "<Int, Never> <AnyPublisher<Int, Never>, Never> <Int, Never>",
      "extension Publisher where Output: Publisher, Output.Failure == Failure { switchToLatest() }"),
    TypeCase(
      "just 1 | map { fail \"x\" } | switchToLatest", "<Int, Never> <AnyPublisher<Never, Error>, Never> <Never, Error>",
      "iOS 14: where Output: Publisher, Failure == Never -> SwitchToLatest<Output, SetFailureType<Self, Output.Failure>>"
    ),
    TypeCase(
      "just 1 | switchToLatest",
      "error 10: `switchToLatest` needs a publisher of publishers, but the upstream's Output is Int",
      "extension Publisher where Output: Publisher"),
    // Filtering
    TypeCase(
      "range 1...5 | filter x % 2 == 0", "<Int, Never> <Int, Never>",
      "filter(_: (Output) -> Bool) -> Publishers.Filter<Self>"),
    TypeCase(
      "range 1...5 | filter x + 1", "error 22: cannot convert value of type 'Int' to expected condition type 'Bool'",
      "filter's isIncluded returns Bool"),
    TypeCase(
      "just 1 | tryFilter x > 0", "<Int, Never> <Int, Error>",
      "tryFilter(_: (Output) throws -> Bool) -> Publishers.TryFilter<Self>"),
    TypeCase(
      "just 1,1,2 | removeDuplicates", "<Int, Never> <Int, Never>",
      "extension Publisher where Output: Equatable { removeDuplicates() }"),
    TypeCase(
      "just (1, 2) | removeDuplicates",
      "error 15: referencing instance method 'removeDuplicates()' requires that '(Int, Int)' conform to 'Equatable'",
      "tuples are not Equatable"),
    TypeCase(
      "just 1,2 | first where x > 1", "<Int, Never> <Int, Never>", "first(where:) -> Publishers.FirstWhere<Self>"),
    TypeCase(
      "just 1,2 | ignoreOutput", "<Int, Never> <Int, Never>",
      "Publishers.Sequence's own ignoreOutput() -> Empty<Elements.Element, Failure> (swiftc: Empty<Int, Never>)"),
    TypeCase(
      "range 1...3 | dropFirst | ignoreOutput", "<Int, Never> <Int, Never> <Int, Never>",
      "Sequence.dropFirst() is a Publishers.Sequence<DropFirstSequence<…>>, whose ignoreOutput is Empty<Int, Never>"),
    TypeCase(
      "just 1 | map x * 2 | ignoreOutput", "<Int, Never> <Int, Never> <Int, Never>",
      "Just.map -> Just<T>; Just.ignoreOutput() -> Empty<Output, Never>"),
    TypeCase(
      "interval 100ms | ignoreOutput", "<Int, Never> <Never, Never>",
      "ignoreOutput() -> Publishers.IgnoreOutput<Self>, Output == Never"),
    // Time
    TypeCase(
      "just 1,2,3 | map x*2 | debounce 300ms", "<Int, Never> <Int, Never> <Int, Never>",
      "debounce(for:scheduler:) -> Publishers.Debounce<Self, S>"),
    TypeCase(
      "interval 100ms | measureInterval", "<Int, Never> <S.SchedulerTimeType.Stride, Never>",
      "measureInterval(using:) -> Publishers.MeasureInterval<Self, S>, Output == S.SchedulerTimeType.Stride"),
    TypeCase(
      "interval 100ms | timeout 500ms", "<Int, Never> <Int, Never>", "timeout without customError keeps Failure"),
    TypeCase(
      "interval 100ms | timeout 500ms fail \"slow\"", "<Int, Never> <Int, Error>",
      "customError: () -> Failure; streamlab makes the upstream fail with Error first (setFailureType)"),
    // Combining
    TypeCase(
      "just 1 | merge { just 2 }", "<Int, Never> <Int, Never>",
      "merge(with:) where P.Output == Output, P.Failure == Failure"),
    TypeCase(
      "just 1 | merge { just \"a\" }",
      "error 18: `merge` needs publishers of one Output type: the upstream sends Int, `just \"a\"` sends String",
      "merge(with:) where P.Output == Output"),
    TypeCase(
      "just 1 | merge { fail \"x\" }",
      "error 18: instance method 'merge' requires the types 'Never' and 'Error' be equivalent: the upstream fails with Never, `fail \"x\"` with Error",
      "merge(with:) where P.Failure == Failure; Fail's Output is inferred Int"),
    TypeCase(
      "just 1 | merge { empty }", "<Int, Never> <Int, Never>", "Empty<Int, Never> is inferred from merge's constraints"),
    TypeCase(
      "just 1 | zip { just \"a\" }", "<Int, Never> <(Int, String), Never>",
      "zip<P>(_: P) -> Publishers.Zip<Self, P>, Output == (Output, P.Output)"),
    TypeCase(
      "just 1 | zip { just 2 } { a, b in a + b }", "<Int, Never> <Int, Never>",
      "zip<P, T>(_: P, _: (Output, P.Output) -> T) -> Publishers.Map<Publishers.Zip<Self, P>, T>"),
    TypeCase(
      "just 1 | tryMap x | combineLatest { just 2 }",
      "error 37: instance method 'combineLatest' requires the types 'Error' and 'Never' be equivalent: the upstream fails with Error, `just 2` with Never",
      "combineLatest<P>(_: P) where P.Failure == Failure"),
    TypeCase(
      "just 1 | append 4, 5", "<Int, Never> <Int, Never>",
      "append(_: Output...) -> Concatenate<Self, Sequence<[Output], Failure>>"),
    TypeCase(
      "just 1 | prepend \"a\"", "error 18: cannot convert value of type 'String' to expected argument type 'Int'",
      "prepend(_: Output...)"),
    // Errors
    TypeCase(
      "marbles \"-1-#\" | catch { just 0 }", "<Int, Error> <Int, Never>",
      "catch<P>(_: (Failure) -> P) -> Publishers.Catch<Self, P> where Output == P.Output"),
    TypeCase(
      "events 0ms:1, 100ms:#\"x\" | catch { just \"zero\" }",
      "error 36: `catch` must produce the upstream's Output: the upstream sends Int, the fallback sends String",
      "catch<P> where Output == P.Output"),
    TypeCase(
      "marbles \"-1-#\" | catch { just \"zero\" }", "<String, Error> <String, Never>",
      "catch<P> where Output == P.Output: the marbled digits are drawn as the Strings the fallback needs"),
    TypeCase(
      "marbles \"-1-#\" | catch { fail \"again\" }", "<Int, Error> <Int, Error>",
      "the fallback's Failure is the new Failure"),
    TypeCase("marbles \"-1-#\" | retry 2", "<Int, Error> <Int, Error>", "retry(_:) -> Publishers.Retry<Self>"),
    TypeCase(
      "just 1 | mapError \"wrapped\"", "<Int, Never> <Int, Error>",
      "mapError<E: Error>(_: (Failure) -> E) -> Publishers.MapError<Self, E>"),
    TypeCase(
      "just 1, 2 | mapError x", "<Int, Never> <Int, Never>",
      "mapError { $0 } on Failure == Never: the closure returns a Never, so E == Never (swiftc)"),
    TypeCase(
      "just 1 | mapError x | merge { fail \"down\" }", "<Int, Never> <Int, Error> <Int, Error>",
      "E is left open until a use needs it: swiftc makes Just(1).mapError { $0 }.append(Fail<Int, Error>) Error"),
    TypeCase(
      "just \"ab\" | map x.first", "<String, Never> <Character?, Never>", "String is a Collection of Character"),
    TypeCase(
      "just \"ab\" | map x.first == \"a\"", "<String, Never> <Bool, Never>",
      "Character? == \"a\": the literal is a Character, wrapped"),
    TypeCase("just \"ab\" | map x.first ?? \"?\"", "<String, Never> <Character, Never>", "?? with a Character literal"),
    TypeCase(
      "fail \"boom\" | replaceError \"none\"", "<String, Error> <String, Never>",
      "replaceError(with: Output) -> Publishers.ReplaceError<Self>, Failure == Never"),
    TypeCase("empty | replaceEmpty 0", "<Int, Never> <Int, Never>", "replaceEmpty(with: Output)"),
    // Sharing and aggregates
    TypeCase(
      "interval 100ms | take 4 | share", "<Int, Never> <Int, Never> <Int, Never>", "share() -> Publishers.Share<Self>"),
    TypeCase("just 1,2 | count", "<Int, Never> <Int, Never>", "count() -> Publishers.Count<Self>, Output == Int"),
    TypeCase(
      "just \"b\", \"a\" | min", "<String, Never> <String, Never>",
      "extension Publisher where Output: Comparable { min() }"),
    TypeCase(
      "just true | max", "error 13: referencing instance method 'max()' requires that 'Bool' conform to 'Comparable'",
      "Bool is not Comparable"),
    TypeCase(
      "just 1,2 | contains 2", "<Int, Never> <Bool, Never>",
      "contains(_: Output) -> Publishers.Contains<Self>, Output == Bool"),
    TypeCase(
      "just 1,2 | allSatisfy x > 0", "<Int, Never> <Bool, Never>", "allSatisfy(_:) -> Publishers.AllSatisfy<Self>"),
    TypeCase("just 1,2 | tryAllSatisfy x > 0", "<Int, Never> <Bool, Error>", "tryAllSatisfy: Failure is Error"),
    // Inference from later stages
    TypeCase("never | map x * 2", "<Int, Never> <Int, Never>", "x * 2 makes the Empty's Output Int"),
    TypeCase(
      "just 1 | map x > 2 ? x : nil", "<Int, Never> <Int?, Never>", "a ?: with nil on one side is Optional"),
    TypeCase(
      "just \"3\", \"x\" | tryMap Int(x) ?? fail(\"bad\")", "<String, Never> <Int, Error>",
      "Int(_: String) -> Int?; a ?? b where b never returns (fail throws) is the unwrapped Int"),
    // Operators of issue 14 (main's ops1 and ops2)
    TypeCase(
      "just 1 | receive on main", "<Int, Never> <Int, Never>",
      "receive<S: Scheduler>(on: S, options:) -> Publishers.ReceiveOn<Self, S>"),
    TypeCase(
      "marbles \"-1-#\" | subscribe on background", "<Int, Error> <Int, Error>",
      "subscribe<S: Scheduler>(on: S, options:) -> Publishers.SubscribeOn<Self, S>"),
    TypeCase(
      "just \"a\" | print \"tag\"", "<String, Never> <String, Never>",
      "print(_ prefix: String = \"\", to: TextOutputStream?) -> Publishers.Print<Self>"),
    TypeCase(
      "just 1 | print 5",
      "error 16: cannot convert value of type 'Int' to expected argument type 'String'",
      "print(_ prefix: String …): the prefix is a String"),
    TypeCase(
      "just 1,2 | buffer 2 prefetch: keepFull whenFull: dropOldest", "<Int, Never> <Int, Never>",
      "buffer(size:prefetch:whenFull: BufferingStrategy<Failure>) -> Publishers.Buffer<Self>"),
    TypeCase(
      "just 1,2 | buffer 1 prefetch: byRequest whenFull: fail \"full\"", "<Int, Never> <Int, Error>",
      "BufferingStrategy<Failure>.customError(() -> Failure): Never has no value, so it stands after setFailureType(to: Error.self)"
    ),
    TypeCase(
      "interval 100ms | prefix untilOutputFrom { fail \"x\" }", "<Int, Never> <Int, Never>",
      "prefix<P: Publisher>(untilOutputFrom: P) -> Publishers.PrefixUntilOutput<Self, P> (no constraint on P.Failure)"),
    TypeCase(
      "interval 100ms | drop untilOutputFrom { timer 250ms }", "<Int, Never> <Int, Never>",
      "drop<P>(untilOutputFrom: P) -> Publishers.DropUntilOutput<Self, P> where Failure == P.Failure"),
    TypeCase(
      "interval 100ms | drop untilOutputFrom { fail \"x\" }",
      "error 41: instance method 'drop(untilOutputFrom:)' requires the types 'Never' and 'Error' be equivalent: the upstream fails with Never, `fail \"x\"` with Error",
      "drop<P>(untilOutputFrom: P) where Failure == P.Failure"),
    TypeCase(
      "marbles \"-1-#\" | tryCatch { just 0 }", "<Int, Error> <Int, Error>",
      "tryCatch<P>(_ handler: (Failure) throws -> P) -> Publishers.TryCatch<Self, P> where Output == P.Output; Failure is Error"
    ),
    TypeCase(
      "just 1 | tryCatch { just \"a\" }",
      "error 19: `tryCatch` must produce the upstream's Output: the upstream sends Int, the fallback sends String",
      "tryCatch<P>(…) where Output == P.Output"),
    TypeCase(
      "just 1,1,2 | removeDuplicates by { a, b in a == b }", "<Int, Never> <Int, Never>",
      "removeDuplicates(by: (Output, Output) -> Bool) -> Publishers.RemoveDuplicates<Self>"),
    TypeCase(
      "just (1, 2) | removeDuplicates by { a, b in a.0 == b.0 }", "<(Int, Int), Never> <(Int, Int), Never>",
      "removeDuplicates(by:) needs no Equatable: tuples are fine"),
    TypeCase(
      "just 1,2 | makeConnectable | autoconnect", "<Int, Never> <Int, Never> <Int, Never>",
      "extension Publisher where Failure == Never { makeConnectable() }; ConnectablePublisher.autoconnect()"),
    TypeCase(
      "fail \"x\" | makeConnectable | autoconnect",
      "error 12: referencing instance method 'makeConnectable()' requires the types 'Error' and 'Never' be equivalent",
      "makeConnectable() is declared in extension Publisher where Failure == Never"),
    TypeCase(
      "published 0, 100ms:1 | map x * 2", "<Int, Never> <Int, Never>",
      "@Published var value = 0; $value is Published<Int>.Publisher, Failure Never"),
    // Type-only operators (ops3)
    TypeCase(
      "just 1 | eraseToAnyPublisher", "<Int, Never> <Int, Never>",
      "func eraseToAnyPublisher() -> AnyPublisher<Output, Failure>"),
    TypeCase(
      "just 1 | setFailureType | merge { fail \"x\" }", "<Int, Never> <Int, Error> <Int, Error>",
      "extension Publisher where Failure == Never { func setFailureType<E: Error>(to: E.Type) -> Publishers.SetFailureType<Self, E> }"
    ),
    TypeCase(
      "fail \"x\" | setFailureType",
      "error 12: referencing instance method 'setFailureType(to:)' requires the types 'Error' and 'Never' be equivalent",
      "setFailureType(to:) is declared only where Failure == Never"),
    TypeCase(
      "just 1, nil | replaceNil 0", "<Int?, Never> <Int?, Never>",
      "Publishers.Sequence's own replaceNil<T>(with: T) -> Publishers.Sequence<[Elements.Element], Failure> (swiftc: [Int?])"
    ),
    TypeCase(
      "just \"1\", \"x\" | tryMap Int(x) | replaceNil 0", "<String, Never> <Int?, Error> <Int, Error>",
      "func replaceNil<T>(with output: T) -> Publishers.Map<Self, T> where Output == T?"),
    TypeCase(
      "just 1 | replaceNil 0",
      "error 10: referencing instance method 'replaceNil(with:)' requires that 'Int' be an Optional",
      "replaceNil<T>(with: T) where Output == T?"),
    TypeCase(
      "marbles \"-1-#\" | assertNoFailure", "<Int, Error> <Int, Never>",
      "func assertNoFailure(_ prefix: String = \"\", file:, line:) -> Publishers.AssertNoFailure<Self>, Failure Never"),
    // Marbles: digits are Ints unless the use needs Strings
    TypeCase(
      "let a = marbles \"-a---b-|\"; let b = marbles \"--1-2---|\"; a | merge b",
      "<String, Never> <String, Never>",
      "merge(with: P) where P.Output == Output: b's digits are drawn as Strings"),
    TypeCase(
      "marbles \"-1-2|\" | map x * 2.5",
      "error 23: binary operator '*' cannot be applied to operands of type 'Int' and 'Double'",
      "digits beside a Double stay Ints, and an Int value never becomes a Double"),
    TypeCase(
      "marbles \"-1-2|\" | map x + \"a\"", "<String, Never> <String, Never>",
      "map<T>(_: (Output) -> T): digits used as Strings are Strings"),
    TypeCase(
      "let b = marbles \"-1-2|\"; b | map x + 1; marbles \"-a|\" | merge b",
      "error 17: the marble string \"-1-2|\" is used as Int in one place and as String in another",
      "one literal is built one way"),
  ]

  @Test(arguments: cases)
  func stageTypesFollowCombineDeclarations(_ typeCase: TypeCase) throws {
    #expect(try typesOfLastPipeline(typeCase.program) == typeCase.expected, "\(typeCase.declaration)")
  }

  /// `:type just 1, 2 | mapError x` said `<Int, Never → Error>`; swiftc keeps `Never`.
  @Test func mapErrorOnAStreamThatCannotFailChangesNoFailure() throws {
    let parsed = Parser.parse("just 1, 2 | mapError x")
    try #require(parsed.diagnostics.isEmpty)
    let typed = try TypeChecker.check(parsed.program)
    let last = try #require(typed.shown.last)
    #expect(last.stages.map(\.type.spelling) == ["<Int, Never>", "<Int, Never>"])
    #expect(last.stages.map(\.changesFailure) == [false, false])
  }

  @Test func theTableHasAtLeastSixtyPrograms() {
    #expect(Self.cases.count >= 60)
  }
}
