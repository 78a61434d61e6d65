import Foundation
import StreamLang
import Testing

@testable import SwiftImport

/// The interpreter's grammar (`SwiftSource.parse`, issue 29): the tree real
/// Combine code becomes, what is refused and where, and that no cut of a
/// paste crashes the reader.
@Suite struct InterpreterGrammarTests {
  // MARK: A view model

  static let viewModel = #"""
    import Combine

    enum LoadState: Equatable {
      case idle, loading
      case loaded([String])
      case failed(message: String, code: Int)
      indirect case retrying(LoadState)
    }

    @MainActor
    final class SearchViewModel: ObservableObject {
      @Published var query = ""
      @Published private(set) var results: [String] = []
      @Published var state: LoadState = .idle {
        didSet { print("state: \(state)") }
      }
      private var cancellables = Set<AnyCancellable>()
      var resultCount: Int { results.count }
      var title: String {
        get { query.isEmpty ? "Search" : "Results for \"\(query)\"" }
        set(newTitle) { query = newTitle }
      }
      weak var delegate: SearchDelegate?

      init(search: @escaping (String) -> AnyPublisher<[String], Never>) {
        $query
          .debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
          .removeDuplicates()
          .flatMap { [weak self] term -> AnyPublisher<[String], Never> in
            self?.state = .loading
            return search(term)
          }
          .sink { [weak self] items in
            guard let self else { return }
            self.results = items
            self.state = items.isEmpty ? .idle : .loaded(items)
          }
          .store(in: &cancellables)
      }

      deinit { print("released") }
    }
    """#

  @Test func aViewModelClassKeepsItsKindModifiersAndMembers() throws {
    let statements = try Self.parsed(Self.viewModel)
    #expect(statements.count == 3)
    let type = try #require(Self.typeDeclaration(statements[2]))
    #expect(type.kind == .class)
    #expect(type.name == "SearchViewModel")
    #expect(type.modifiers == ["final"])
    #expect(type.inherited == [.named("ObservableObject", [])])
    #expect(type.nameRange.text(in: Self.viewModel) == "SearchViewModel")
    let names = type.members.map(Self.memberName)
    #expect(
      names == ["query", "results", "state", "cancellables", "resultCount", "title", "delegate", "init", "deinit"])
  }

  @Test func publishedPropertiesKeepAttributesModifiersAndObservers() throws {
    let type = try #require(Self.typeDeclaration(try Self.parsed(Self.viewModel)[2]))
    let query = try #require(Self.variable(type.members[0]))
    #expect(query.attributes == ["Published"])
    #expect(query.isVariable)
    #expect(query.pattern == .binding("query", isVariable: true))
    #expect(query.value?.kind == .string([.text("")]))
    let results = try #require(Self.variable(type.members[1]))
    #expect(results.modifiers == ["private(set)"])
    #expect(results.type == .array(.named("String", [])))
    let state = try #require(Self.variable(type.members[2]))
    guard case .observed(let willSet, _, let didSet?, let didSetName) = state.accessors else {
      Issue.record("expected observers, got \(String(describing: state.accessors))")
      return
    }
    #expect(willSet == nil)
    #expect(didSetName == "oldValue")
    #expect(didSet.count == 1)
    #expect(state.value?.kind == .member(base: nil, name: "idle"))
    let delegate = try #require(Self.variable(type.members[6]))
    #expect(delegate.modifiers == ["weak"])
    #expect(delegate.type == .optional(.named("SearchDelegate", [])))
  }

  @Test func computedPropertiesHaveAGetterAndANamedSetter() throws {
    let type = try #require(Self.typeDeclaration(try Self.parsed(Self.viewModel)[2]))
    let count = try #require(Self.variable(type.members[4]))
    guard case .computed(let getter, nil, _) = count.accessors else {
      Issue.record("expected a getter only, got \(String(describing: count.accessors))")
      return
    }
    #expect(getter.count == 1)
    let title = try #require(Self.variable(type.members[5]))
    guard case .computed(let titleGetter, let setter?, let setterName) = title.accessors else {
      Issue.record("expected get and set, got \(String(describing: title.accessors))")
      return
    }
    #expect(titleGetter.count == 1)
    #expect(setter.count == 1)
    #expect(setterName == "newTitle")
  }

  @Test func theInitWiresItsPipelineWithWeakSelfClosures() throws {
    let type = try #require(Self.typeDeclaration(try Self.parsed(Self.viewModel)[2]))
    let initializer = try #require(Self.function(type.members[7]))
    #expect(initializer.name == "init")
    #expect(initializer.parameters.count == 1)
    #expect(initializer.parameters[0].label == "search")
    #expect(
      initializer.parameters[0].type
        == .function(
          [.named("String", [])], .named("AnyPublisher", [.array(.named("String", [])), .named("Never", [])])))
    let closures = Self.all(SwiftClosure.self, in: initializer.body)
    #expect(closures.count == 2)
    #expect(closures.allSatisfy { $0.captures.map(\.strength) == [.weak] && $0.captures.map(\.name) == ["self"] })
    #expect(
      closures.map(\.parameters) == [["items"], ["term"]] || closures.map(\.parameters) == [["term"], ["items"]])
    let guards = Self.all(SwiftStatement.self, in: initializer.body).filter {
      if case .guardStatement = $0.kind { return true }
      return false
    }
    let guardStatement = try #require(guards.first)
    guard case .guardStatement(let conditions, let otherwise) = guardStatement.kind else { return }
    #expect(conditions.count == 1)
    if case .optionalBinding(false, "self", nil, let range) = conditions[0] {
      #expect(range.text(in: Self.viewModel) == "let self")
    } else {
      Issue.record("expected `let self`, got \(conditions)")
    }
    #expect(otherwise.map(\.kind) == [.returnValue(nil)])
    let deinitializer = try #require(Self.function(type.members[8]))
    #expect(deinitializer.name == "deinit")
    #expect(deinitializer.parameters.isEmpty)
  }

  @Test func enumCasesKeepTheirAssociatedValues() throws {
    let statements = try Self.parsed(Self.viewModel)
    let type = try #require(Self.typeDeclaration(statements[1]))
    #expect(type.kind == .enum)
    let cases = type.members.flatMap { member -> [SwiftEnumCase] in
      if case .enumCases(let cases) = member.kind { return cases }
      return []
    }
    #expect(cases.map(\.name) == ["idle", "loading", "loaded", "failed", "retrying"])
    #expect(cases[2].associated == [SwiftEnumCaseField(label: nil, type: .array(.named("String", [])))])
    #expect(
      cases[3].associated == [
        SwiftEnumCaseField(label: "message", type: .named("String", [])),
        SwiftEnumCaseField(label: "code", type: .named("Int", [])),
      ])
    #expect(cases[3].range.text(in: Self.viewModel) == "failed(message: String, code: Int)")
  }

  // MARK: Switch and patterns

  static let describe = #"""
    func describe(_ state: LoadState) -> String {
      switch state {
      case .idle, .loading:
        return "waiting"
      case .loaded(let items) where items.count > 10:
        return "many"
      case let .loaded(items):
        return "\(items.count) items"
      case .failed(message: let text, _):
        return "error: \(text)"
      case LoadState.retrying(var inner):
        inner = .idle
        return describe(inner)
      @unknown default:
        return "?"
      }
    }
    """#

  @Test func switchCasesHaveTheirPatternsWhereClausesAndBodies() throws {
    let function = try #require(Self.function(try Self.parsed(Self.describe)[0]))
    #expect(function.parameters == [SwiftParameter(label: nil, name: "state", type: .named("LoadState", []))])
    guard case .switchStatement(let subject, let cases) = function.body[0].kind else {
      Issue.record("expected a switch, got \(function.body[0].kind)")
      return
    }
    #expect(subject.kind == .identifier("state"))
    #expect(cases.count == 6)
    #expect(
      cases[0].patterns == [
        .expression(Self.expr(".idle", in: Self.describe, .member(base: nil, name: "idle"))),
        .expression(Self.expr(".loading", in: Self.describe, .member(base: nil, name: "loading"))),
      ])
    #expect(
      cases[1].patterns == [
        .enumCase(
          typeName: nil, name: "loaded",
          arguments: [SwiftPatternArgument(label: nil, pattern: .binding("items", isVariable: false))])
      ])
    #expect(cases[1].whereClause != nil)
    #expect(cases[2].patterns == cases[1].patterns)
    #expect(
      cases[3].patterns == [
        .enumCase(
          typeName: nil, name: "failed",
          arguments: [
            SwiftPatternArgument(label: "message", pattern: .binding("text", isVariable: false)),
            SwiftPatternArgument(label: nil, pattern: .wildcard),
          ])
      ])
    #expect(
      cases[4].patterns == [
        .enumCase(
          typeName: "LoadState", name: "retrying",
          arguments: [SwiftPatternArgument(label: nil, pattern: .binding("inner", isVariable: true))])
      ])
    #expect(cases[4].body.count == 2)
    #expect(cases[5].patterns.isEmpty)
    #expect(cases[5].body.count == 1)
  }

  @Test(arguments: [
    ("case _:", SwiftPattern.wildcard),
    ("case let x?:", .optional(.binding("x", isVariable: false))),
    ("case is Int:", .typeCheck(nil, .named("Int", []))),
    ("case let e as URLError:", .typeCheck(.binding("e", isVariable: false), .named("URLError", []))),
    (
      "case (let a, _):",
      .tuple([
        SwiftPatternArgument(label: nil, pattern: .binding("a", isVariable: false)),
        SwiftPatternArgument(label: nil, pattern: .wildcard),
      ])
    ),
  ])
  func aPatternReadsAsSwiftReadsIt(label: String, pattern: SwiftPattern) throws {
    let swift = "switch value {\n\(label)\n  break\ndefault:\n  break\n}"
    let statements = try Self.parsed(swift)
    guard case .switchStatement(_, let cases) = statements[0].kind else {
      Issue.record("expected a switch, got \(statements[0].kind)")
      return
    }
    #expect(cases[0].patterns == [pattern])
    #expect(cases[0].body.map(\.kind) == [.breakStatement])
  }

  @Test func literalAndRangePatternsAreComparedExpressions() throws {
    let swift = """
      switch code {
      case 0: print("zero")
      case 1..<10, 20...30: print("small")
      case "a": print("a")
      default: print("other")
      }
      """
    guard case .switchStatement(_, let cases) = try Self.parsed(swift)[0].kind else {
      Issue.record("expected a switch")
      return
    }
    #expect(cases.map(\.patterns.count) == [1, 2, 1, 0])
    guard case .expression(let range) = cases[1].patterns[0], case .binary("..<", _, _) = range.kind else {
      Issue.record("expected a range, got \(cases[1].patterns[0])")
      return
    }
  }

  // MARK: Statements

  static let statements = #"""
    var total = 0
    var seen: [Int] = []
    for value in [1, 2, 3, 4] where value % 2 == 0 {
      total += value
      seen.append(value)
    }
    for (index, name) in ["a", "b"].enumerated() {
      print("\(index): \(name)")
    }
    for case let value? in [1, nil, 3] {
      if value > 2 { break } else if value < 0 { continue } else { total -= 1 }
    }
    for _ in 0..<3 { total *= 2 }
    while total > 100, !seen.isEmpty { total /= 2 }
    repeat { total %= 7 } while total > 3
    defer { print("done") }
    do {
      let data = try load(id: 3)
      print(data)
    } catch let error as LoadError where error.isFatal {
      throw error
    } catch LoadError.missing {
      print("missing")
    } catch {
      print(error)
    }
    if let first = seen.first, var last = seen.last, case .loaded(let items) = state, items.contains(where: { $0 == "a" }) {
      last += first
    }
    """#

  @Test func controlFlowStatementsKeepTheirParts() throws {
    let statements = try Self.parsed(Self.statements)
    let kinds = statements.map { Mirror(reflecting: $0.kind).children.first?.label ?? "\($0.kind)" }
    #expect(
      kinds == [
        "variable", "variable", "forIn", "forIn", "forIn", "forIn", "whileLoop", "repeatWhile", "deferStatement",
        "doCatch", "ifStatement",
      ])
    guard case .forIn(let pattern, _, let whereClause?, let body) = statements[2].kind else {
      Issue.record("expected a for with where, got \(statements[2].kind)")
      return
    }
    #expect(pattern == .binding("value", isVariable: false))
    #expect(whereClause.range.text(in: Self.statements) == "value % 2 == 0")
    guard case .compoundAssignment("+", let target, _) = body[0].kind else {
      Issue.record("expected `+=`, got \(body[0].kind)")
      return
    }
    #expect(target.kind == .identifier("total"))
    guard case .forIn(.tuple(let names), _, nil, _) = statements[3].kind else {
      Issue.record("expected a tuple pattern, got \(statements[3].kind)")
      return
    }
    #expect(names.map(\.pattern) == [.binding("index", isVariable: false), .binding("name", isVariable: false)])
    guard case .forIn(.optional(.binding("value", false)), _, nil, let loopBody) = statements[4].kind,
      case .ifStatement(_, let then, let otherwise?) = loopBody[0].kind,
      case .ifStatement(_, let elseIfThen, let finalElse?) = otherwise.first?.kind
    else {
      Issue.record("expected `for case let value?` and an if chain, got \(statements[4].kind)")
      return
    }
    #expect(then.map(\.kind) == [.breakStatement])
    #expect(elseIfThen.map(\.kind) == [.continueStatement])
    #expect(finalElse.count == 1)
    guard case .forIn(.wildcard, _, nil, _) = statements[5].kind else {
      Issue.record("expected `for _ in`")
      return
    }
    let compound = Self.all(SwiftStatement.self, in: statements).compactMap { statement -> String? in
      if case .compoundAssignment(let op, _, _) = statement.kind { return op }
      return nil
    }
    #expect(compound == ["+", "-", "*", "/", "%", "+"])
  }

  @Test func doCatchClausesKeepTheirPatterns() throws {
    let statements = try Self.parsed(Self.statements)
    guard case .doCatch(let body, let catches) = statements[9].kind else {
      Issue.record("expected do/catch, got \(statements[9].kind)")
      return
    }
    #expect(body.count == 2)
    #expect(catches.count == 3)
    #expect(catches[0].pattern == .typeCheck(.binding("error", isVariable: false), .named("LoadError", [])))
    #expect(catches[0].whereClause != nil)
    #expect(catches[0].body.first.map { if case .throwStatement = $0.kind { true } else { false } } == true)
    guard case .expression(let member) = catches[1].pattern, case .member(_, "missing") = member.kind else {
      Issue.record("expected `LoadError.missing`, got \(String(describing: catches[1].pattern))")
      return
    }
    #expect(catches[2].pattern == nil)
  }

  @Test func aConditionsBraceOpensTheBodyNotATrailingClosure() throws {
    let statements = try Self.parsed(Self.statements)
    guard case .ifStatement(let conditions, let then, nil) = statements[10].kind else {
      Issue.record("expected an if, got \(statements[10].kind)")
      return
    }
    #expect(conditions.count == 4)
    guard case .optionalBinding(true, "last", _, _) = conditions[1],
      case .matching(.enumCase(nil, "loaded", _), let state) = conditions[2],
      case .expression(let call) = conditions[3]
    else {
      Issue.record("unexpected conditions \(conditions)")
      return
    }
    #expect(state.kind == .identifier("state"))
    #expect(call.range.text(in: Self.statements) == #"items.contains(where: { $0 == "a" })"#)
    #expect(then.count == 1)
  }

  @Test func aBareConditionStopsBeforeTheBody() throws {
    let swift = """
      if isLoading { print("wait") }
      while queue.isEmpty == false { queue.removeFirst() }
      for item in items.filter({ $0 > 1 }) { print(item) }
      switch items.count { default: break }
      """
    let statements = try Self.parsed(swift)
    #expect(statements.count == 4)
    guard case .ifStatement(let conditions, let then, nil) = statements[0].kind else {
      Issue.record("expected an if")
      return
    }
    #expect(conditions == [.expression(Self.expr("isLoading", in: swift, .identifier("isLoading")))])
    #expect(then.count == 1)
  }

  // MARK: Functions, structs and extensions

  static let declarations = #"""
    struct Counter {
      static let shared = Counter()
      private(set) var count = 0
      var history: [Int] = []

      init?(start: Int = 0) {
        guard start >= 0 else { return nil }
        count = start
      }

      mutating func increment(by step: Int = 1, _ extra: Int...) {
        count += step
        history.append(count)
      }

      static func reset(_ counter: inout Counter) throws {
        counter.count = 0
      }

      func load() async throws -> Int { try await fetch(count) }
    }

    extension Publisher where Output == String {
      func nonEmpty() -> Publishers.Filter<Self> { filter { !$0.isEmpty } }
    }

    extension Publisher {
      func flatMapLatest<T: Publisher>(_ transform: @escaping (Output) -> T) -> AnyPublisher<T.Output, T.Failure>
      where T.Failure == Failure {
        map(transform).switchToLatest().eraseToAnyPublisher()
      }
    }

    protocol SearchDelegate: AnyObject {
      var lastQuery: String { get set }
      func didSearch(_ query: String)
    }
    """#

  @Test func functionsKeepModifiersEffectsGenericsAndParameterKinds() throws {
    let statements = try Self.parsed(Self.declarations)
    let counter = try #require(Self.typeDeclaration(statements[0]))
    #expect(counter.kind == .struct)
    let shared = try #require(Self.variable(counter.members[0]))
    #expect(shared.modifiers == ["static"])
    #expect(shared.isVariable == false)
    let initializer = try #require(Self.function(counter.members[3]))
    #expect(initializer.name == "init?")
    #expect(initializer.parameters[0].defaultValue?.kind == .integer("0"))
    let increment = try #require(Self.function(counter.members[4]))
    #expect(increment.modifiers == ["mutating"])
    #expect(increment.parameters.map(\.label) == ["by", nil])
    #expect(increment.parameters.map(\.name) == ["step", "extra"])
    #expect(increment.parameters.map(\.isVariadic) == [false, true])
    let reset = try #require(Self.function(counter.members[5]))
    #expect(reset.modifiers == ["static"])
    #expect(reset.isThrowing)
    #expect(reset.parameters[0].isInout)
    #expect(reset.parameters[0].type == .named("Counter", []))
    let load = try #require(Self.function(counter.members[6]))
    #expect(load.isAsync && load.isThrowing)
    #expect(load.returnType == .named("Int", []))
    guard case .expression(let tried) = load.body[0].kind, case .tried(let awaited) = tried.kind,
      case .awaited = awaited.kind
    else {
      Issue.record("expected `try await fetch(count)`, got \(load.body)")
      return
    }
  }

  @Test func publisherExtensionsKeepTheirGenericMethods() throws {
    let statements = try Self.parsed(Self.declarations)
    let constrained = try #require(Self.typeDeclaration(statements[1]))
    #expect(constrained.kind == .extension)
    #expect(constrained.name == "Publisher")
    let nonEmpty = try #require(Self.function(constrained.members[0]))
    #expect(nonEmpty.returnType == .named("Publishers.Filter", [.named("Self", [])]))
    let general = try #require(Self.typeDeclaration(statements[2]))
    let flatMapLatest = try #require(Self.function(general.members[0]))
    #expect(flatMapLatest.name == "flatMapLatest")
    #expect(flatMapLatest.genericParameters == ["T"])
    #expect(flatMapLatest.parameters[0].type == .function([.named("Output", [])], .named("T", [])))
    #expect(
      flatMapLatest.returnType == .named("AnyPublisher", [.named("T.Output", []), .named("T.Failure", [])]))
    #expect(flatMapLatest.body.count == 1)
  }

  @Test func protocolRequirementsHaveNoBodies() throws {
    let statements = try Self.parsed(Self.declarations)
    let delegate = try #require(Self.typeDeclaration(statements[3]))
    #expect(delegate.kind == .protocol)
    #expect(delegate.inherited == [.named("AnyObject", [])])
    #expect(delegate.members.count == 2)
    #expect(Self.function(delegate.members[1])?.body == [])
  }

  // MARK: Expressions and closures

  @Test(arguments: [
    ("[weak self] in", [SwiftCapture.Strength.weak], ["self"], [String]()),
    ("[unowned self] value in", [.unowned], ["self"], ["value"]),
    ("[weak self, count] in", [.weak, .strong], ["self", "count"], []),
    ("[c = self.count] a, b in", [.strong], ["c"], ["a", "b"]),
    ("_ in", [], [], ["_"]),
  ])
  func closureCaptureListsAndParameters(
    head: String, strengths: [SwiftCapture.Strength], names: [String], parameters: [String]
  ) throws {
    let swift = "let f = { \(head) print(1) }"
    let closure = try #require(Self.all(SwiftClosure.self, in: try Self.parsed(swift)).first)
    #expect(closure.captures.map(\.strength) == strengths)
    #expect(closure.captures.map(\.name) == names)
    #expect(closure.parameters == parameters)
    #expect(closure.body.count == 1)
  }

  @Test func aCapturedValueKeepsItsExpression() throws {
    let swift = "let f = { [c = self.count] in c }"
    let closure = try #require(Self.all(SwiftClosure.self, in: try Self.parsed(swift)).first)
    #expect(closure.captures[0].value?.range.text(in: swift) == "self.count")
    #expect(closure.captures[0].range.text(in: swift) == "c = self.count")
  }

  @Test func typedClosureParametersKeepTheirTypes() throws {
    let swift = """
      let format = { (x: Int) -> String in "\\(x)" }
      let add = { (a: Int, b: Int) in a + b }
      let list = { [$0] }
      """
    let closures = Self.all(SwiftClosure.self, in: try Self.parsed(swift))
    #expect(closures.count == 3)
    #expect(closures[0].parameters == ["x"])
    #expect(closures[0].parameterTypes == [.named("Int", [])])
    #expect(closures[1].parameterTypes == [.named("Int", []), .named("Int", [])])
    #expect(closures[2].parameters.isEmpty && closures[2].captures.isEmpty)
    guard case .expression(let array) = closures[2].body[0].kind, case .array = array.kind else {
      Issue.record("`{ [$0] }` should be an array in a closure")
      return
    }
  }

  @Test func expressionsOfRealCodeRead() throws {
    let swift = #"""
      let a = user?.address?.city ?? "none"
      let b = !flag && -x < 0
      let c = value as? String
      let d = try? decode(data)
      let e = try! decode(data)
      let f = await fetch()
      let g = items.map(\.count)
      let h = items.map(\User.address.city)
      let i = Point.init(x: 1, y: 2)
      let j = Self.defaultValue
      let k = pair.0 + pair.1
      let l = ["a": 1, "b": 2]
      let m: [String: Int] = [:]
      let n = 1_000 + 0xff
      let o = "\(flag ? "(on)" : "off")"
      let p = subject.sink { completion in print(completion) } receiveValue: { value in print(value) }
      let q = items.sorted(by: { $0 < $1 }).first
      let r = super.description
      let s = \.first?.name
      """#
    let statements = try Self.parsed(swift)
    let values = statements.compactMap { statement -> SwiftExpr? in
      if case .variable(let variable) = statement.kind { return variable.value }
      return nil
    }
    #expect(values.count == 19)
    #expect(
      values.map { Mirror(reflecting: $0.kind).children.first?.label ?? "" }.prefix(6) == [
        "binary", "binary", "cast", "optionalTry", "forcedTry", "awaited",
      ])
    #expect(values[6].arguments.first?.value.kind == .keyPath(".count"))
    #expect(values[7].arguments.first?.value.kind == .keyPath("User.address.city"))
    guard case .dictionary(let entries) = values[11].kind else {
      Issue.record("expected a dictionary, got \(values[11].kind)")
      return
    }
    #expect(entries.count == 2)
    #expect(values[12].kind == .dictionary([]))
    #expect(values[13].kind == .binary(op: "+", values[13].left, values[13].right))
    #expect(values[13].right.kind == .integer("255"))
    guard case .string(let parts) = values[14].kind, case .interpolation(let ternary) = parts.first,
      case .ternary = ternary.kind
    else {
      Issue.record("expected an interpolated ternary, got \(values[14].kind)")
      return
    }
    #expect(values[15].arguments.map(\.label) == [nil, "receiveValue"])
    #expect(values[18].kind == .keyPath(".first?.name"))
  }

  @Test func oneSidedRangesAndOperatorsPassedAsFunctionsRead() throws {
    let swift = """
      let tail = items[2...]
      let head = items[..<3]
      let total = numbers.reduce(0, +)
      let sorted = numbers.sorted(by: >)
      """
    let values = try Self.parsed(swift).compactMap { Self.variable($0)?.value }
    guard case .subscripted(_, let tail) = values[0].kind, case .postfix("...", let lower) = tail[0].value.kind,
      case .subscripted(_, let head) = values[1].kind, case .prefix("..<", let upper) = head[0].value.kind
    else {
      Issue.record("expected one-sided ranges, got \(values[0].kind) and \(values[1].kind)")
      return
    }
    #expect(lower.kind == .integer("2"))
    #expect(upper.kind == .integer("3"))
    #expect(values[2].arguments.map(\.value.kind) == [.integer("0"), .identifier("+")])
    #expect(values[3].arguments.map(\.value.kind) == [.identifier(">")])
  }

  @Test func aWhereClauseGuardsTheLastPatternAndOnlyThere() throws {
    let swift = """
      switch result {
      case .idle, .loaded(let items) where items.isEmpty:
        print("nothing")
      default:
        break
      }
      """
    guard case .switchStatement(_, let cases) = try Self.parsed(swift)[0].kind else {
      Issue.record("expected a switch")
      return
    }
    #expect(cases[0].patterns.count == 2)
    #expect(cases[0].whereClause?.range.text(in: swift) == "items.isEmpty")
    let earlier = "switch result {\ncase .a(let x) where x > 1, .b:\n  break\ndefault:\n  break\n}"
    guard case .failure(let diagnostic) = SwiftSource.parse(earlier) else {
      Issue.record("a `where` before another pattern should be refused")
      return
    }
    let rendered = diagnostic.rendered(in: earlier)
    #expect(
      rendered.hasPrefix("2:22: error: streamlab reads a `where` only after a case's last pattern"), "\(rendered)")
  }

  @Test func aMultiLineStringLosesTheClosingDelimitersIndentation() throws {
    let swift = #"""
      let json = """
        {"name": "\(name)",
          "id": 1}
        """
      let empty = """
        """
      """#
    let values = try Self.parsed(swift).compactMap { Self.variable($0)?.value }
    guard case .string(let parts) = values[0].kind, parts.count == 3, case .interpolation(let name) = parts[1] else {
      Issue.record("expected text, an interpolation and text, got \(values[0].kind)")
      return
    }
    #expect(parts[0] == .text(#"{"name": ""#))
    #expect(name.kind == .identifier("name"))
    #expect(parts[2] == .text("\",\n  \"id\": 1}"))
    #expect(values[1].kind == .string([.text("")]))
    // The lowering's mode refuses them as before.
    guard case .failure(let diagnostic) = SwiftParser.parse(swift) else {
      Issue.record("the lowering should refuse a multi-line string")
      return
    }
    #expect(diagnostic.message == "multi-line string literals are outside what streamlab reads")
  }

  @Test func closureAttributesAreReadPast() throws {
    let swift = "let task = Task { @MainActor [weak self] in await self?.load() }"
    let closure = try #require(Self.all(SwiftClosure.self, in: try Self.parsed(swift)).first)
    #expect(closure.captures.map(\.name) == ["self"])
    #expect(closure.body.count == 1)
  }

  // MARK: The lowering's mode is unchanged

  @Test func theLoweringStillRefusesCompoundAssignmentsAndCaptureLists() throws {
    guard case .failure(let compound) = SwiftParser.parse("var x = 1\nx += 2") else {
      Issue.record("the lowering should refuse `+=`")
      return
    }
    #expect(compound.message == "streamlab cannot run `+=` on a variable")
    guard case .failure(let capture) = SwiftParser.parse("let c = s.sink { [weak self] v in print(v) }") else {
      Issue.record("the lowering should refuse a capture list")
      return
    }
    #expect(capture.message.contains("capture list"))
    guard case .success(let statements) = SwiftParser.parse("if x { print(1) }") else {
      Issue.record("the lowering reads past an if")
      return
    }
    guard case .outsideSubset("if", _, _) = statements[0].kind else {
      Issue.record("expected the lowering's `.outsideSubset`, got \(statements[0].kind)")
      return
    }
  }

  // MARK: Refusals, with positions

  @Test(arguments: [
    ("switch x {\ncase 1:\n  fallthrough\ndefault: break\n}", "3:3", "streamlab cannot run `fallthrough` yet"),
    ("struct S {\n  subscript(i: Int) -> Int { i }\n}", "2:3", "streamlab cannot run `subscript` yet"),
    ("for x in xs {\n  for y in ys { break outer }\n}", "2:23", "streamlab cannot run labelled statements"),
    ("var a = 1, b = 2", "1:10", "streamlab reads one name per `var`"),
    ("let s = #selector(tap)", "1:9", "compiler directives"),
    ("switch x {\n  print(x)\n}", "2:3", "expected `case` or `default` in this `switch`"),
    ("if x > 1 {\n  print(x)\n", "3:1", "expected `}` before the end of the code"),
    ("guard let x = y {\n}", "1:17", "expected `else`"),
    ("var x: Int {\n  get { 1 }\n  didSet { }\n}", "1:12", "a property has either `get`/`set` or `willSet`/`didSet`"),
    ("static print(1)", "1:8", "expected `let`, `var`, `func`, `init` or a type"),
    ("for try line in lines {\n}", "1:5", "`for try` needs `await`"),
    ("let s = \"\"\"\n  text\n", "1:9", "this multi-line string is not closed"),
  ])
  func outOfSubsetSwiftIsRefusedAtItsPosition(swift: String, position: String, message: String) throws {
    guard case .failure(let diagnostic) = SwiftSource.parse(swift) else {
      Issue.record("expected a refusal of:\n\(swift)")
      return
    }
    let rendered = diagnostic.rendered(in: swift)
    #expect(rendered.hasPrefix("\(position): error: "), "\(rendered)")
    #expect(diagnostic.message.contains(message), "\(rendered)")
  }

  static let tooDeep = [
    String(repeating: "if x {\n", count: 400) + String(repeating: "}\n", count: 400),
    "if a {}" + String(repeating: " else if a {}", count: 400),
    "let a = " + String(repeating: "(", count: 1000) + "1" + String(repeating: ")", count: 1000),
    "let f = " + String(repeating: "{ [weak self] in ", count: 400) + String(repeating: "}", count: 400),
    "switch v {\ncase " + String(repeating: ".a(", count: 400) + "_" + String(repeating: ")", count: 400)
      + ": break\n}",
    "let t: " + String(repeating: "[", count: 400) + "Int" + String(repeating: "]", count: 400) + " = []",
    String(repeating: "struct A {\n", count: 400) + String(repeating: "}\n", count: 400),
    "let x = " + String(repeating: "try? ", count: 1000) + "f()",
    "var x: Int {" + String(repeating: " get { if y {", count: 200),
  ]

  @Test(arguments: tooDeep)
  func nestingDeeperThanTheLimitIsRefusedNotACrash(swift: String) throws {
    let result = LargeStack.run { SwiftSource.parse(swift) }
    guard case .failure(let diagnostic) = result else {
      Issue.record("expected the nesting limit")
      return
    }
    #expect(diagnostic.message.contains("nests deeper than"), "\(diagnostic.message)")
  }

  // MARK: Everything real reads; no cut crashes

  /// Every Swift snippet of the SwiftImport tests the lowering reads.
  static func snippetsOfTheseTests() throws -> [String] {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
    var snippets: [String] = []
    for file in files.sorted() where file != "InterpreterGrammarTests.swift" {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      snippets += Self.multiLineLiterals(in: text)
    }
    return snippets
  }

  @Test func everySnippetTheLoweringReadsTheInterpreterReadsToo() throws {
    let snippets = try Self.snippetsOfTheseTests()
    #expect(snippets.count > 40)
    var readByLowering = 0
    for snippet in snippets {
      guard case .success = SwiftParser.parse(snippet) else { continue }
      readByLowering += 1
      if case .failure(let diagnostic) = SwiftSource.parse(snippet) {
        Issue.record("the interpreter's mode refuses:\n\(diagnostic.rendered(in: snippet))")
      }
    }
    #expect(readByLowering > 30)
  }

  static let pastes = [viewModel, describe, statements, declarations] + RealisticPastes.all

  @Test(arguments: pastes)
  func aRealisticPasteReads(swift: String) throws {
    _ = try Self.parsed(swift)
  }

  @Test func everyPrefixEveryCharacterAndEveryLineDeletedGivesATreeOrADiagnostic() throws {
    var outcomes = 0
    for paste in Self.pastes.prefix(4) {
      let characters = Array(paste)
      for length in 0...characters.count {
        _ = SwiftSource.parse(String(characters[..<length]))
        var cut = characters
        if length < characters.count { cut.remove(at: length) }
        _ = SwiftSource.parse(String(cut))
        outcomes += 2
      }
      let lines = paste.split(separator: "\n", omittingEmptySubsequences: false)
      for deleted in lines.indices {
        var cut = lines
        cut.remove(at: deleted)
        _ = SwiftSource.parse(cut.joined(separator: "\n"))
        outcomes += 1
      }
    }
    #expect(outcomes > 4000)
  }

  // MARK: Helpers

  static func parsed(_ swift: String) throws -> [SwiftStatement] {
    switch SwiftSource.parse(swift) {
    case .success(let statements): return statements
    case .failure(let diagnostic):
      throw DidNotParse(message: diagnostic.rendered(in: swift))
    }
  }

  struct DidNotParse: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  static func typeDeclaration(_ statement: SwiftStatement) -> SwiftTypeDeclaration? {
    if case .type(let declaration) = statement.kind { return declaration }
    return nil
  }

  static func variable(_ statement: SwiftStatement) -> SwiftVariable? {
    if case .variable(let variable) = statement.kind { return variable }
    return nil
  }

  static func function(_ statement: SwiftStatement) -> SwiftFunction? {
    if case .function(let function) = statement.kind { return function }
    return nil
  }

  static func memberName(_ statement: SwiftStatement) -> String {
    switch statement.kind {
    case .variable(let variable):
      if case .binding(let name, _) = variable.pattern { return name }
      return "\(variable.pattern)"
    case .function(let function): return function.name
    case .type(let type): return type.name
    default: return "\(statement.kind)"
    }
  }

  /// An expression of `kind` at the first place `text` is written in `swift`.
  static func expr(_ text: String, in swift: String, _ kind: SwiftExprKind) -> SwiftExpr {
    let start = swift.utf8.count - (swift.range(of: text).map { swift[$0.lowerBound...].utf8.count } ?? 0)
    return SwiftExpr(kind: kind, range: SourceRange(start: start, end: start + text.utf8.count))
  }

  /// Every value of type `T` anywhere inside `root` (by reflection, so the
  /// tests need no walker of their own for each node).
  static func all<T>(_ type: T.Type, in root: Any) -> [T] {
    var found: [T] = []
    func visit(_ value: Any) {
      if let match = value as? T { found.append(match) }
      for child in Mirror(reflecting: value).children { visit(child.value) }
    }
    visit(root)
    return found
  }

  /// The `"""` literals of a Swift source file, as the strings they make
  /// (indentation removed, the common escapes decoded; raw literals kept raw).
  static func multiLineLiterals(in source: String) -> [String] {
    var literals: [String] = []
    var body: [Substring]?
    var isRaw = false
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop { $0 == " " }
      if var lines = body {
        if trimmed.hasPrefix("\"\"\"") {
          let indent = line.count - trimmed.count
          let text = lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
            .joined(separator: "\n")
          literals.append(isRaw ? text : unescaped(text))
          body = nil
        } else {
          lines.append(line)
          body = lines
        }
      } else if line.hasSuffix("\"\"\"") && !trimmed.hasPrefix("\"\"\"") {
        isRaw = line.hasSuffix("#\"\"\"")
        body = []
      }
    }
    return literals
  }

  static func unescaped(_ text: String) -> String {
    var result = ""
    var escaping = false
    for character in text {
      if escaping {
        switch character {
        case "n": result.append("\n")
        case "t": result.append("\t")
        default: result.append(character)
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    return result
  }
}

extension SwiftExpr {
  fileprivate var arguments: [SwiftArgument] {
    if case .call(_, let arguments) = kind { return arguments }
    return []
  }
  fileprivate var left: SwiftExpr {
    if case .binary(_, let left, _) = kind { return left }
    return self
  }
  fileprivate var right: SwiftExpr {
    if case .binary(_, _, let right) = kind { return right }
    return self
  }
}
