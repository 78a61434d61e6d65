import StreamLang

extension SwiftVariable {
  /// The lowering's `.declaration` read as the interpreter's variable, so
  /// code that walks both grammars handles one shape.
  public static func declared(
    isVariable: Bool, name: String, range: SourceRange, type: SwiftType?, value: SwiftExpr?, attributes: [String]
  ) -> SwiftVariable {
    SwiftVariable(
      isVariable: isVariable, pattern: .binding(name, isVariable: isVariable), type: type, value: value,
      attributes: attributes, modifiers: [], accessors: nil, range: range)
  }
}
