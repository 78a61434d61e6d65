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
    case (.array(let items), "first"): return items.first ?? .null
    case (.array(let items), "last"): return items.last ?? .null
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
    if let date = target.opaque(as: DateValue.self) {
      switch (name, values.first?.opaque(as: DateValue.self), values.first) {
      case ("timeIntervalSince", let other?, _): return .double(date.seconds - other.seconds)
      case ("addingTimeInterval", _, .double(let seconds)?):
        return .opaque(DateValue(date.time.advanced(by: .seconds(seconds))))
      case ("addingTimeInterval", _, .int(let seconds)?):
        return .opaque(DateValue(date.time.advanced(by: .seconds(seconds))))
      default: break
      }
    }
    switch (target, name) {
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
      return .array(try items.map { try apply(function, $0) }.filter { $0 != .null })
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
      return try items.first { try apply(function, $0) == .bool(true) } ?? .null
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
    guard case .array(var items) = try evaluate(baseExpression, in: scope) else { return .void }
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
