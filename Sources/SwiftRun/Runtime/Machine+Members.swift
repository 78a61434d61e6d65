import OpenCombine
import StreamCore
import StreamLang
import SwiftImport

extension Machine {
  /// `target.name`, read.
  func member(_ name: String, of target: Value, at range: SourceRange, baseRange: SourceRange, in scope: Scope) throws
    -> Value
  {
    if case .tuple(let items) = target, let index = Int(name), items.indices.contains(index) { return items[index] }
    if let labelled = target.opaque(as: LabelledTuple.self), let item = labelled.item(name) { return item }
    if case .null = target {
      throw SwiftRunError.trap("`.\(name)` of nil: the optional needs `?.` or unwrapping", range)
    }
    if case .opaque(let opaque) = target {
      switch opaque {
      case let instance as Instance:
        if name.hasPrefix("$"), let published = instance.published[String(name.dropFirst())] {
          return .opaque(
            PublisherValue(
              sourceLabel: source(baseRange) == "self" ? name : source(range),
              type: StageType(
                output: memberType(String(name.dropFirst()), ofDeclared: instance.type.name, depth: 0)
                  ?? .placeholder, failure: .never)
            ) {
              published.publisher
            })
        }
        if let variable = instance.fields[name] { return variable.value }
        if name == "objectWillChange", let subject = instance.objectWillChange { return .opaque(subject) }
        if let computed = instance.type.computedProperties[name], case .computed(let getter, _, _) = computed.accessors
        {
          let value = try result(of: getter, in: Scope(parent: globals, selfValue: target))
          try checkReturned(value, as: computed.type, from: getter)
          return value
        }
        if let methods = instance.type.methods[name] {
          return .opaque(
            FunctionValue(
              .builtin(name: name) { [unowned self] arguments in
                let method = self.overload(methods, for: arguments) ?? methods[0]
                return try self.run(method, arguments, in: Scope(parent: self.globals, selfValue: target), at: range)
              }))
        }
      case let type as TypeValue:
        if name == "self" { return target }
        if name == "init" {
          // `compactMap(Int.init)`: the initializer as a function.
          return .opaque(
            FunctionValue(
              .builtin(name: "init") { [unowned self] arguments in
                try self.callValue(target, arguments, at: range, in: scope)
              }))
        }
        return try staticMember(name, of: type, arguments: nil, at: range, in: scope)
      case let enumValue as EnumValue:
        if name == "rawValue", let raw = enumValue.rawValue { return raw }
      case let subject as SubjectValue:
        if name == "value", let current = subject.current { return current.value }
      case let range as RangeValue:
        if name == "publisher" {
          // Counted as it is sent, as the pipeline language's `range` is: a
          // million-value range is never an array.
          // (`0...-1` traps where it is made, as in Swift, so a closed range here is never backwards.)
          let values =
            range.isClosed
            ? IntegerValues(range.lower...range.upper) : IntegerValues(from: range.lower, upTo: range.upper)
          return .opaque(
            PublisherValue(sourceLabel: source(baseRange) + ".publisher") {
              Publishers.Sequence<IntegerValues, StreamError>(sequence: values).eraseToAnyPublisher()
            })
        }
        if name == "count" { return .int(range.elements.count) }
      case let task as TaskValue:
        switch name {
        case "value": return try value(of: task, asResult: false, at: range)
        case "result": return try value(of: task, asResult: true, at: range)
        case "isCancelled": return .bool(task.isCancelled)
        default: break
        }
      case let dictionary as DictionaryValue:
        switch name {
        case "count": return .int(dictionary.entries.count)
        case "isEmpty": return .bool(dictionary.entries.isEmpty)
        case "keys": return .array(dictionary.entries.map(\.key))
        case "values": return .array(dictionary.entries.map(\.value))
        default: break
        }
      case is SchedulerValue:
        // Every scheduler is the one virtual clock.
        if name == "now" { return .duration(VirtualInterval(nanoseconds: clock.now.nanoseconds)) }
        if name == "minimumTolerance" { return .duration(.zero) }
      case let date as DateValue:
        if name == "timeIntervalSince1970" || name == "timeIntervalSinceReferenceDate" { return .double(date.seconds) }
      default:
        break
      }
    }
    if name == "values", let publisher = try publisherValue(target, label: source(baseRange)) {
      return values(of: publisher)
    }
    if let value = try builtinProperty(name, of: target, at: range, baseRange: baseRange) { return value }
    throw refuse("streamlab does not know `.\(name)` of \(target.typeName)", at: range)
  }

  /// `target.name = value`.
  func setMember(_ name: String, of target: Value, to value: Value, at range: SourceRange, in scope: Scope) throws {
    if let instance = target.opaque(as: Instance.self) {
      if let variable = instance.fields[name] {
        if variable.isConstant, scope.currentSelf?.opaque(as: Instance.self) !== instance {
          throw refuse("cannot assign to `\(name)`: it is a `let` constant", at: range)
        }
        return try write(value, to: variable, at: range)
      }
      if let computed = instance.type.computedProperties[name],
        case .computed(_, let setter?, let setterName) =
          computed.accessors
      {
        let inner = Scope(parent: globals, selfValue: target)
        inner.declare(setterName, Variable(value, isConstant: true))
        _ = try execute(setter, in: inner)
        return
      }
    }
    if let instance = target.opaque(as: Instance.self), name.hasPrefix("$"),
      let variable = instance.fields[String(name.dropFirst())]
    {
      // `assign(to: &$results)` sets the property itself, which publishes.
      return try write(value, to: variable, at: range)
    }
    if let expectation = target.opaque(as: ExpectationValue.self) {
      return try setExpectationProperty(name, of: expectation, to: value, at: range)
    }
    if let subject = target.opaque(as: SubjectValue.self), name == "value", subject.current != nil {
      subject.send(value)
      noteDeliveryOrder(of: subject.deliveries, sentBy: "the subject `\(subject.name)`")
      return
    }
    if let type = target.opaque(as: TypeValue.self), case .declared(let definition) = type.target {
      _ = try staticMember(name, of: type, arguments: nil, at: range, in: scope)
      if let variable = definition.staticProperties[name] { return try write(value, to: variable, at: range) }
    }
    throw refuse("streamlab cannot set `.\(name)` of \(target.typeName)", at: range)
  }

  /// `Type.name`: a static property, an enum case, a builtin's member.
  func staticMember(_ name: String, of type: TypeValue, arguments: [Argument]?, at range: SourceRange, in scope: Scope)
    throws -> Value
  {
    switch type.target {
    case .declared(let definition):
      if definition.kind == .enum, definition.cases[name] != nil {
        return try enumCase(definition, name, arguments ?? [], at: range)
      }
      if let lazy = definition.lazyStatics.removeValue(forKey: name) {
        let value = try lazy.value.map { try evaluate($0, in: Scope(parent: globals)).copiedIfValue } ?? .null
        definition.staticProperties[name] = Variable(value, isConstant: !lazy.isVariable)
      }
      if let variable = definition.staticProperties[name] {
        return arguments == nil ? variable.value : try callValue(variable.value, arguments!, at: range, in: scope)
      }
      if let methods = definition.staticMethods[name], let arguments {
        let method = overload(methods, for: arguments) ?? methods[0]
        return try run(method, arguments, in: Scope(parent: globals, selfValue: .opaque(type)), at: range)
      }
      if name == "init", let arguments { return try instantiate(definition, arguments, at: range) }
      throw SwiftRunError.refused(
        Diagnostic(
          "`\(definition.name)` has no member `\(name)`", at: range,
          suggestion: Suggestion.closest(
            to: name,
            among: Array(definition.cases.keys) + Array(definition.staticMethods.keys)
              + Array(definition.staticProperties.keys) + Array(definition.lazyStatics.keys))))
    case .builtin(let typeName, let generics):
      return try builtinStatic(name, of: typeName, generics: generics, arguments: arguments, at: range, in: scope)
    }
  }

  /// `.name` with no type written: an enum case, a duration, `.finished`, `.success(x)`.
  func implicitMember(_ name: String, arguments: [Argument]?, at range: SourceRange, in scope: Scope) throws -> Value {
    let enums = types.values.filter { $0.kind == .enum && $0.cases[name] != nil }
    if enums.count == 1 { return try enumCase(enums[0], name, arguments ?? [], at: range) }
    if enums.count > 1 {
      throw refuse(
        "`.\(name)` is a case of several enums (\(enums.map(\.name).sorted().joined(separator: ", ")))", at: range,
        instead: "the enum's name written, such as `\(enums.map(\.name).sorted()[0]).\(name)`")
    }
    if let duration = try durationMember(name, arguments, at: range) { return duration }
    switch (name, arguments) {
    case ("finished", nil): return .opaque(EnumValue(typeName: "Subscribers.Completion", caseName: "finished"))
    case ("failure", let arguments?) where arguments.count == 1:
      return .opaque(EnumValue(typeName: "Result", caseName: "failure", associated: [arguments[0].value]))
    case ("success", let arguments?):
      return .opaque(EnumValue(typeName: "Result", caseName: "success", associated: [arguments.first?.value ?? .void]))
    // `Subscribers.Demand`: `.max(1)` as its count, `.unlimited` as no count.
    case ("unlimited", nil): return .null
    case ("max", let arguments?) where arguments.count == 1: return arguments[0].value
    case ("main", nil): return .opaque(SchedulerValue(name: "DispatchQueue.main"))
    // Run loop modes and character sets: arguments whose value the virtual clock does not need.
    case ("common", nil), ("default", nil), ("tracking", nil), ("whitespaces", nil), ("whitespacesAndNewlines", nil),
      ("newlines", nil):
      return .string(name)
    case ("zero", nil): return .duration(.zero)
    case ("none", nil): return .null
    case ("some", let arguments?) where arguments.count == 1: return arguments[0].value.asOptional
    case ("test", nil): return testScheduler(named: "DispatchQueue.test")
    case ("immediate", nil):
      return .opaque(SchedulerValue(name: "ImmediateScheduler.shared", isImmediate: true))
    case ("init", let arguments?) where arguments.count == 1 && arguments[0].label == nil:
      // `.init(date)` where a scheduler's time is expected: that moment.
      if let date = arguments[0].value.opaque(as: DateValue.self) {
        return .duration(VirtualInterval(nanoseconds: date.time.nanoseconds))
      }
      throw refuse("streamlab needs the type written for `.init(…)`", at: range, instead: "`TypeName(…)`")
    case ("init", _?):
      throw refuse("streamlab needs the type written for `.init(…)`", at: range, instead: "`TypeName(…)`")
    case ("now", let arguments?) where arguments.isEmpty:
      return .duration(VirtualInterval(nanoseconds: clock.now.nanoseconds))
    // `Task(priority:)`: one serial executor runs every job first in, first
    // out, as the main actor's does, so a priority changes no order here.
    case ("background", nil), ("high", nil), ("low", nil), ("medium", nil), ("userInitiated", nil), ("utility", nil):
      return .opaque(EnumValue(typeName: "TaskPriority", caseName: name))
    // `buffer(size:prefetch:whenFull:)`'s strategies.
    case ("byRequest", nil), ("keepFull", nil):
      return .opaque(EnumValue(typeName: "Publishers.PrefetchStrategy", caseName: name))
    case ("dropOldest", nil), ("dropNewest", nil):
      return .opaque(EnumValue(typeName: "Publishers.BufferingStrategy", caseName: name))
    case ("customError", let arguments?) where arguments.count == 1:
      return .opaque(
        EnumValue(typeName: "Publishers.BufferingStrategy", caseName: name, associated: [arguments[0].value]))
    default:
      break
    }
    throw refuse(
      "streamlab cannot tell which type `.\(name)` belongs to", at: range,
      instead: "the type written, such as `State.\(name)`")
  }

  /// `.milliseconds(300)`, `.seconds(1)`, `.microseconds(5)`, `.nanoseconds(5)`.
  func durationMember(_ name: String, _ arguments: [Argument]?, at range: SourceRange) throws -> Value? {
    guard let arguments, arguments.count == 1 else { return nil }
    let value = arguments[0].value
    switch (name, value) {
    case ("milliseconds", .int(let n)): return .duration(.milliseconds(n))
    case ("seconds", .int(let n)): return .duration(.seconds(n))
    case ("seconds", .double(let n)): return .duration(try seconds(n, at: range))
    case ("microseconds", .int(let n)): return .duration(.microseconds(n))
    case ("nanoseconds", .int(let n)): return .duration(.nanoseconds(n))
    default: return nil
    }
  }

  /// `s` seconds as a duration, trapping as Swift's conversion to whole
  /// nanoseconds does when they are no `Int` (`.seconds(1e300)`).
  func seconds(_ s: Double, at range: SourceRange) throws -> VirtualInterval {
    if let interval = VirtualInterval.exactlySeconds(s) { return interval }
    let why =
      s.isFinite
      ? "the result would be \(s > 0 ? "greater than Int.max" : "less than Int.min")" : "it is either infinite or NaN"
    throw SwiftRunError.trap("Double value cannot be converted to Int because \(why)", range)
  }

  /// A time argument: a duration, or a number of seconds as `RunLoop` and `DispatchQueue` strides read it.
  func interval(_ value: Value, at range: SourceRange) throws -> VirtualInterval {
    switch value {
    case .duration(let interval): return interval
    case .double(let seconds): return try self.seconds(seconds, at: range)
    case .int(let seconds): return .seconds(seconds)
    case .opaque(let date as DateValue): return VirtualInterval(nanoseconds: date.time.nanoseconds)
    default: throw refuse("this needs a time, such as `.milliseconds(300)`", at: range)
    }
  }

  // MARK: Subscripts

  func subscriptValue(_ target: Value, _ indices: [Value], at range: SourceRange) throws -> Value {
    switch (target, indices.first) {
    case (.array(let items), .int(let index)?):
      guard items.indices.contains(index) else {
        throw SwiftRunError.trap("Index out of range: \(index) of an array of \(items.count)", range)
      }
      return items[index]
    case (.opaque(let labelled as LabelledTuple), .int(let index)?) where labelled.items.indices.contains(index):
      return labelled.items[index]
    case (.array(let items), .opaque(let bounds as RangeValue)?):
      let upper = bounds.upper == .max ? items.count : bounds.isClosed ? bounds.upper + 1 : bounds.upper
      guard bounds.lower >= 0, bounds.lower <= upper, upper <= items.count else {
        throw SwiftRunError.trap("Array index is out of range: \(bounds) of an array of \(items.count)", range)
      }
      return .array(Array(items[bounds.lower..<upper]))
    case (.opaque(let opaque), let key?):
      if let dictionary = opaque as? DictionaryValue { return dictionary.get(key)?.asOptional ?? .null }
    default: break
    }
    throw refuse("streamlab cannot subscript \(target.typeName) with this", at: range)
  }

  func replacingElement(of container: Value, at indices: [Value], with value: Value, range: SourceRange) throws -> Value
  {
    switch (container, indices.first) {
    case (.array(var items), .int(let index)?):
      guard items.indices.contains(index) else {
        throw SwiftRunError.trap("Index out of range: \(index) of an array of \(items.count)", range)
      }
      items[index] = value
      return .array(items)
    case (.opaque(let opaque), let key?):
      if let dictionary = (opaque as? DictionaryValue)?.copied() {
        _ = dictionary.set(key, value == .null ? nil : value)
        return .opaque(dictionary)
      }
    default: break
    }
    throw refuse("streamlab cannot set an element of \(container.typeName) this way", at: range)
  }
}
