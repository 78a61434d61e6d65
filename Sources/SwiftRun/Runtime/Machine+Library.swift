import StreamCore
import StreamLang
import SwiftImport

// The standard library's members a paste uses on its values: strings,
// arrays, numbers. What is not here is refused at its place, never guessed.
extension Machine {
  func builtinProperty(_ name: String, of target: Value, at range: SourceRange, baseRange: SourceRange) throws -> Value?
  {
    switch (target, name) {
    case (.array(let items), "publisher"): return sequencePublisher(items, label: source(baseRange) + ".publisher")
    case (.array(let items), "count"): return .int(items.count)
    case (.array(let items), "isEmpty"): return .bool(items.isEmpty)
    case (.array(let items), "first"): return items.first?.asOptional ?? .null
    case (.array(let items), "last"): return items.last?.asOptional ?? .null
    case (.string(let text), "first"): return text.first.map { Value.string(String($0)) }?.asOptional ?? .null
    case (.string(let text), "last"): return text.last.map { Value.string(String($0)) }?.asOptional ?? .null
    case (.double(let n), "isNaN"): return .bool(n.isNaN)
    case (.double(let n), "isFinite"): return .bool(n.isFinite)
    case (.opaque(let opaque as RangeValue), "isEmpty"): return .bool(opaque.isEmpty)
    case (.opaque(let tuple as LabelledTuple), let label): return tuple.item(label)
    case (.string(let text), "count"): return .int(text.count)
    case (.string(let text), "isEmpty"): return .bool(text.isEmpty)
    case (.string(let text), "publisher"):
      return sequencePublisher(text.map { .string(String($0)) }, label: source(baseRange) + ".publisher")
    case (.int, "description"), (.double, "description"):
      return .string(SwiftText.plain(target))
    case (.string(let text), "description"): return .string(text)
    default: return nil
    }
  }

  func builtinMethod(
    _ name: String, of target: Value, _ arguments: [Argument], at range: SourceRange, base: SwiftExpr, in scope: Scope
  ) throws -> Value {
    let values = arguments.map(\.value)
    func closure(_ index: Int = 0) throws -> FunctionValue {
      guard values.indices.contains(index), let function = values[index].opaque(as: FunctionValue.self) else {
        throw refuse("`.\(name)` needs a closure", at: range)
      }
      return function
    }
    func apply(_ function: FunctionValue, _ inputs: Value...) throws -> Value {
      try invoke(function, inputs.map { Argument(label: nil, value: $0, range: range) }, at: range)
    }
    if case .duration(let time) = target {
      switch (name, values.first) {
      case ("advanced", .duration(let by)?): return .duration(time + by)
      case ("advanced", .double(let seconds)?): return .duration(time + (try self.seconds(seconds, at: range)))
      case ("distance", .duration(let to)?): return .duration(to - time)
      default: break
      }
    }
    if let date = target.opaque(as: DateValue.self) {
      switch (name, values.first?.opaque(as: DateValue.self), values.first) {
      case ("timeIntervalSince", let other?, _): return .double(date.seconds - other.seconds)
      case ("addingTimeInterval", _, .double(let seconds)?):
        return .opaque(DateValue(date.time.advanced(by: try self.seconds(seconds, at: range))))
      case ("addingTimeInterval", _, .int(let seconds)?):
        return .opaque(DateValue(date.time.advanced(by: .seconds(seconds))))
      default: break
      }
    }
    // `Optional.map` and `flatMap`: the closure sees the wrapped value; nil stays nil.
    if name == "map" || name == "flatMap", target == .null || target.opaque(as: OptionalValue.self) != nil {
      guard case .null = target else {
        let body = try transform(arguments.first, stage: ".\(name)", at: range)
        let result: Value
        do { result = try body(target.unwrapped) } catch let error as StreamError {
          throw SwiftRunError.thrown(error.thrown ?? .string(error.message), range)
        }
        return name == "map" ? result.asOptional : result
      }
      return .null
    }
    // A string is a sequence of characters for the sequence methods.
    if case .string(let text) = target,
      ["map", "filter", "enumerated", "reduce", "contains", "forEach", "compactMap", "reversed", "sorted"].contains(
        name),
      !(name == "contains" && values.first.map { if case .string = $0 { true } else { false } } == true)
    {
      let characters = Value.array(text.map { .string(String($0)) })
      if name == "reversed" { return .string(String(text.reversed())) }
      if name == "filter" {
        guard
          case .array(let kept) = try builtinMethod(name, of: characters, arguments, at: range, base: base, in: scope)
        else { return .string("") }
        return .string(kept.map(SwiftText.plain).joined())
      }
      return try builtinMethod(name, of: characters, arguments, at: range, base: base, in: scope)
    }
    switch (target, name) {
    case (.int(let n), "isMultiple"):
      guard case .int(let of)? = values.first else { break }
      return .bool(of == 0 ? n == 0 : n % of == 0)
    case (.string(let text), "split"):
      guard case .string(let separator)? = values.first, let mark = separator.first else { break }
      return .array(text.split(separator: mark).map { .string(String($0)) })
    case (.string(let text), "prefix"):
      guard case .int(let count)? = values.first, count >= 0 else { break }
      return .string(String(text.prefix(count)))
    case (.string(let text), "suffix"):
      guard case .int(let count)? = values.first, count >= 0 else { break }
      return .string(String(text.suffix(count)))
    case (.string(let text), "replacingOccurrences"):
      guard values.count == 2, case .string(let old) = values[0], case .string(let new) = values[1], !old.isEmpty else {
        break
      }
      return .string(text.split(separator: old, omittingEmptySubsequences: false).joined(separator: new))
    case (.array(let items), "max"), (.array(let items), "min"):
      var best: Value?
      for item in items {
        guard let current = best else {
          best = item
          continue
        }
        let wins = try binary(name == "max" ? ">" : "<", item, current, at: range) == .bool(true)
        if wins { best = item }
      }
      return best?.asOptional ?? .null
    case (.array(let items), "reversed"): return .array(items.reversed())
    case (.array(let items), "prefix"):
      guard case .int(let count)? = values.first, count >= 0 else { break }
      return .array(Array(items.prefix(count)))
    case (.array(let items), "suffix"):
      guard case .int(let count)? = values.first, count >= 0 else { break }
      return .array(Array(items.suffix(count)))
    case (.array(let items), "dropFirst"):
      let count = values.first.flatMap { if case .int(let n) = $0 { n } else { nil } } ?? 1
      return .array(Array(items.dropFirst(max(0, count))))
    case (.array(let items), "allSatisfy"):
      let function = try closure()
      return .bool(try items.allSatisfy { try apply(function, $0) == .bool(true) })
    case (.array(let items), "firstIndex"):
      if let function = values.first?.opaque(as: FunctionValue.self) {
        return try items.firstIndex { try apply(function, $0) == .bool(true) }.map(Value.int)?.asOptional ?? .null
      }
      return items.firstIndex(of: values.first ?? .null).map(Value.int)?.asOptional ?? .null
    case (.string(let text), "uppercased"): return .string(text.uppercased())
    case (.string(let text), "lowercased"): return .string(text.lowercased())
    case (.string(let text), "hasPrefix"):
      if case .string(let prefix)? = values.first { return .bool(text.hasPrefix(prefix)) }
    case (.string(let text), "hasSuffix"):
      if case .string(let suffix)? = values.first { return .bool(text.hasSuffix(suffix)) }
    case (.string(let text), "contains"):
      if case .string(let part)? = values.first { return .bool(part.isEmpty || text.contains(part)) }
    case (.string(let text), "trimmingCharacters"):
      return .string(String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()))
    case (.array(let items), "map"):
      let function = try closure()
      return .array(try items.map { try apply(function, $0) })
    case (.array(let items), "filter"):
      let function = try closure()
      return .array(try items.filter { try apply(function, $0) == .bool(true) })
    case (.array(let items), "compactMap"):
      let function = try closure()
      return .array(try items.map { try apply(function, $0) }.filter { $0 != .null }.map(\.unwrapped))
    case (.array(let items), "reduce"):
      let function = try closure(1)
      return try items.reduce(values[0]) { try apply(function, $0, $1) }
    case (.array(let items), "contains"):
      if let function = values.first?.opaque(as: FunctionValue.self) {
        return .bool(try items.contains { try apply(function, $0) == .bool(true) })
      }
      return .bool(items.contains(values.first ?? .null))
    case (.array(let items), "first"):
      let function = try closure()
      return try items.first { try apply(function, $0) == .bool(true) }?.asOptional ?? .null
    case (.array(let items), "joined"):
      let separator = values.first.map(SwiftText.plain) ?? ""
      return .string(items.map(SwiftText.plain).joined(separator: separator))
    case (.array(let items), "enumerated"):
      return .array(items.enumerated().map { .tuple([.int($0.offset), $0.element]) })
    case (.array(let items), "sorted"):
      if values.isEmpty {
        return .array(try items.sorted { try binary("<", $0, $1, at: range) == .bool(true) })
      }
      let function = try closure()
      return .array(try items.sorted { try apply(function, $0, $1) == .bool(true) })
    case (.array(let items), "forEach"):
      let function = try closure()
      for item in items { _ = try apply(function, item) }
      return .void
    case (.array, "append"), (.array, "removeAll"), (.array, "insert"), (.array, "removeFirst"), (.array, "removeLast"):
      return try mutateArray(name, values, at: range, base: base, in: scope)
    default:
      break
    }
    throw SwiftRunError.refused(
      Diagnostic("streamlab does not run `.\(name)(…)` on \(target.typeName)", at: range))
  }

  /// `items.append(x)`, `cancellables.removeAll()`: the variable the array is in is rewritten.
  private func mutateArray(
    _ name: String, _ values: [Value], at range: SourceRange, base baseExpression: SwiftExpr, in scope: Scope
  ) throws -> Value {
    // Through an optional chain (`self?.searches.append(x)`) the array comes
    // back as an optional; a chain that met nil has already stopped the call.
    let container = try evaluate(baseExpression, in: scope)
    if case .null = container { return .void }
    guard case .array(var items) = container.unwrapped else {
      throw refuse("streamlab cannot change this array in place", at: range)
    }
    var result = Value.void
    switch name {
    case "append": items.append(values.first ?? .void)
    case "removeAll": items.removeAll()
    case "insert":
      if values.count == 2, case .int(let index) = values[1], index >= 0, index <= items.count {
        items.insert(values[0], at: index)
      } else {
        throw SwiftRunError.trap("Array index is out of range", range)
      }
    case "removeFirst", "removeLast":
      guard !items.isEmpty else { throw SwiftRunError.trap("Can't remove from an empty collection", range) }
      result = name == "removeFirst" ? items.removeFirst() : items.removeLast()
    default: break
    }
    try assign(.array(items), to: baseExpression, in: scope)
    return result
  }
}
