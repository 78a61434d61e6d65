import Testing

@testable import StreamLang

/// `CombineSignature`: the one table of Combine declarations `:help` shows.
/// The exact rows were copied from Apple's documentation and checked against
/// OpenCombine 0.14.0's `Sources/OpenCombine/Publishers/` by hand.
@Suite struct CombineSignatureTests {
  @Test(arguments: OperatorName.allCases)
  func everyOperatorDeclaresAFunctionOfItsName(name: OperatorName) throws {
    let signature = CombineSignature.of(name)
    let first = try #require(signature.declarations.first)
    // `values` is a property: `var values: AsyncPublisher<Self>`.
    #expect(first.hasPrefix("func ") || first.hasPrefix("var \(name.rawValue):"), "\(name): \(first)")
    // `take` is `prefix`, `drop` is `dropFirst`: the first overload is Combine's own name.
    #expect(first.contains(name.rawValue), "\(name): \(first)")
    #expect(signature.effect.contains("<"), "\(name): \(signature.effect)")
  }

  @Test(arguments: SourceName.allCases)
  func everySourceSaysItsSwiftTypeAndItsOutputAndFailure(name: SourceName) {
    let signature = CombineSignature.of(name)
    #expect(!signature.declarations.isEmpty)
    #expect(signature.declarations.allSatisfy { !$0.isEmpty })
    #expect(signature.effect.contains("<"), "\(name): \(signature.effect)")
  }

  @Test func mapIsDeclaredAsApplesMap() {
    #expect(
      CombineSignature.of(OperatorName.map)
        == CombineSignature(
          declarations: ["func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T>"],
          effect: "`<Output, F>` → `<T, F>`"))
  }

  @Test func flatMapHasItsWhereClauseAndTheIOS14OverloadsThatAdaptNever() {
    let declarations = CombineSignature.of(OperatorName.flatMap).declarations
    #expect(
      declarations == [
        "func flatMap<T, P>(maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P)"
          + " -> Publishers.FlatMap<P, Self> where T == P.Output, P: Publisher, Self.Failure == P.Failure",
        "// iOS 14, where Failure == Never:",
        "func flatMap<P: Publisher>(maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P)"
          + " -> Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>>",
        "// iOS 14, where P.Failure == Never:",
        "func flatMap<P: Publisher>(maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P)"
          + " -> Publishers.FlatMap<Publishers.SetFailureType<P, Failure>, Self> where P.Failure == Never",
      ])
  }

  @Test func debounceTakesAStrideAndAScheduler() {
    #expect(
      CombineSignature.of(OperatorName.debounce).declarations == [
        "func debounce<S: Scheduler>(for dueTime: S.SchedulerTimeType.Stride, scheduler: S,"
          + " options: S.SchedulerOptions? = nil) -> Publishers.Debounce<Self, S>"
      ])
  }

  @Test func catchMustGiveBackTheSameOutputAndTakesTheFallbacksFailure() {
    let signature = CombineSignature.of(OperatorName.catch)
    #expect(
      signature.declarations == [
        "func `catch`<P>(_ handler: @escaping (Failure) -> P) -> Publishers.Catch<Self, P>"
          + " where P: Publisher, Output == P.Output"
      ])
    #expect(signature.effect == "`<T, F>` → `<T, P.Failure>`: the fallback's Failure, `Never` for `just`")
  }

  @Test func setFailureTypeTurnsNeverIntoError() {
    let signature = CombineSignature.of(OperatorName.setFailureType)
    #expect(
      signature.declarations == [
        "func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E>"
      ])
    #expect(signature.effect == "`<T, Never>` → `<T, Error>`")
  }

  @Test func collectByCountGivesArrays() {
    let signature = CombineSignature.of(OperatorName.collect)
    #expect(signature.declarations.contains("func collect(_ count: Int) -> Publishers.CollectByCount<Self>"))
    #expect(signature.effect == "`<T, F>` → `<[T], F>`")
  }

  @Test func justIsJustOrASequencesPublisherThatCannotFail() {
    #expect(
      CombineSignature.of(SourceName.just).declarations == [
        "Just(1)  // Just<Output>: its Failure is Never",
        "[1, 2, 3].publisher  // Publishers.Sequence<[Output], Never>",
      ])
  }

  @Test func intervalStandsForAnAutoconnectedTimer() {
    #expect(
      CombineSignature.of(SourceName.interval).declarations.contains {
        $0.contains("Publishers.Autoconnect<Timer.TimerPublisher>")
      })
  }

  @Test func statementsHaveNoCombineSignature() {
    #expect(CombineSignature.of(KeywordIdentity.statement(.let)) == nil)
    #expect(CombineSignature.of(KeywordIdentity.operator(.map)) == CombineSignature.of(OperatorName.map))
  }
}
