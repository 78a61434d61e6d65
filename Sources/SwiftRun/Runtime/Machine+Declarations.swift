import StreamCore
import StreamLang
import SwiftImport

extension Machine {
  /// Types and functions are known everywhere in a Swift script, before and
  /// after where they are written: they are read first.
  func declareTypesAndFunctions(_ statements: [SwiftStatement], in scope: Scope) throws {
    for statement in statements {
      switch statement.kind {
      case .type(let declaration) where declaration.kind != .extension:
        try declareType(declaration)
      case .function(let function):
        functions[function.name, default: []].append(function)
      default:
        continue
      }
    }
    // Extensions after every type, so one may extend a type written below it.
    for statement in statements {
      if case .type(let declaration) = statement.kind, declaration.kind == .extension {
        try declareExtension(declaration)
      }
    }
    for statement in statements {
      if case .type(let declaration) = statement.kind { try requireDescription(declaration) }
    }
  }

  /// Refuses, as swiftc does, a type declared `CustomStringConvertible`
  /// (here or in an extension) that has no `description` anywhere: Swift
  /// would not compile it, and streamlab would print its default text.
  private func requireDescription(_ declaration: SwiftTypeDeclaration) throws {
    guard declaration.inherited.contains(where: { $0.description == "CustomStringConvertible" }),
      let definition = types[declaration.name], definition.computedProperties["description"] == nil,
      !definition.storedPropertyOrder.contains("description")
    else { return }
    throw refuse(
      "type '\(declaration.name)' does not conform to protocol 'CustomStringConvertible'", at: declaration.nameRange,
      instead: "a `var description: String { … }` in it")
  }

  private func declareType(_ declaration: SwiftTypeDeclaration) throws {
    switch declaration.kind {
    case .protocol:
      // A protocol declares no code to run; its conforming types carry it.
      // Its requirements are what a value of its type may be asked for.
      protocolRequirements[declaration.name] = Set(
        declaration.members.flatMap { member -> [String] in
          switch member.kind {
          case .function(let function): return [function.name]
          case .variable(let variable): return variable.pattern.boundNames
          default: return []
          }
        })
      return
    case .actor:
      throw refuse(
        "streamlab does not run actors", at: declaration.nameRange,
        instead: "a `class` (the paste runs on one thread: the virtual clock's)")
    default:
      break
    }
    let definition = TypeDefinition(name: declaration.name, kind: declaration.kind, declaredAt: declaration.nameRange)
    if declaration.kind == .enum, let raw = declaration.inherited.first, case .named(let name, _) = raw,
      ["Int", "String", "Double", "Character"].contains(name)
    {
      definition.rawType = raw
    }
    definition.isObservableObject = declaration.inherited.contains { $0.description == "ObservableObject" }
    definition.conformances = Set(declaration.inherited.map(\.description))
    definition.isTestCase = Self.isTestCase(declaration)
    types[declaration.name] = definition
    try addMembers(declaration.members, to: definition)
    describeItself(definition)
  }

  private func declareExtension(_ declaration: SwiftTypeDeclaration) throws {
    if declaration.name == "Publisher" || declaration.name == "Publishers" {
      for member in declaration.members {
        guard case .function(let function) = member.kind else {
          throw refuse(
            "streamlab runs only methods in an `extension Publisher`", at: member.range,
            instead: "a `func` that returns a publisher")
        }
        publisherExtensions[function.name, default: []].append(function)
      }
      return
    }
    guard let definition = types[declaration.name] else {
      if declaration.members.isEmpty { return }
      throw refuse(
        "streamlab runs extensions of the paste's own types and of `Publisher` only", at: declaration.nameRange,
        instead: "a function that takes the value, such as `func shout(_ text: String) -> String`")
    }
    definition.conformances.formUnion(declaration.inherited.map(\.description))
    try addMembers(declaration.members, to: definition)
    describeItself(definition)
  }

  /// A type with a computed `description` prints with it, as Swift's
  /// `print` and interpolation use `CustomStringConvertible`.
  func describeItself(_ definition: TypeDefinition) {
    guard let property = definition.computedProperties["description"],
      case .computed(let getter, _, _) = property.accessors
    else { return }
    definition.customDescription = { [unowned self] value in
      let text = self.guarded(self.place(property.range)) {
        try self.result(of: getter, in: Scope(parent: self.globals, selfValue: value))
      }
      return SwiftText.plain(text)
    }
  }

  private func addMembers(_ members: [SwiftStatement], to definition: TypeDefinition) throws {
    for member in members {
      switch member.kind {
      case .variable(let variable):
        let isStatic = variable.modifiers.contains("static") || variable.modifiers.contains("class")
        if case .computed = variable.accessors {
          guard let name = variable.name else { continue }
          definition.computedProperties[name] = variable
        } else if isStatic {
          guard let name = variable.name else { continue }
          // Swift initializes a static property on its first use.
          definition.lazyStatics[name] = variable
        } else {
          definition.storedProperties.append(variable)
        }
      case .declaration(let isVariable, let name, let nameRange, let type, let value, let attributes):
        definition.storedProperties.append(
          SwiftVariable.declared(
            isVariable: isVariable, name: name, range: nameRange, type: type, value: value, attributes: attributes))
      case .function(let function):
        let isStatic = function.modifiers.contains("static") || function.modifiers.contains("class")
        switch function.name {
        case "init": definition.initializers.append(function)
        case "deinit": definition.deinitializer = function
        default:
          if isStatic {
            definition.staticMethods[function.name, default: []].append(function)
          } else {
            definition.methods[function.name, default: []].append(function)
          }
        }
      case .enumCases(let cases):
        for enumCase in cases { definition.cases[enumCase.name] = enumCase }
      case .type(let nested):
        if nested.kind == .extension {
          try declareExtension(nested)
        } else {
          try declareType(nested)
        }
      case .importModule:
        continue
      default:
        throw refuse("streamlab cannot run this inside a type's body", at: member.range)
      }
    }
  }
}
