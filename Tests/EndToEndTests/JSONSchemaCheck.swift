import Foundation

/// Checks a JSON document against a JSON Schema (draft 2020-12) that uses
/// only the keywords below, and refuses a schema with any other keyword,
/// so a rule the checker does not know can never pass unchecked.
///
/// Assertions: `type`, `const`, `enum`, `required`, `properties`, `items`,
/// `contains`, `maxLength` (counting Unicode code points, as the
/// specification of JSON Schema does), `allOf`, `if`/`then`/`else`, and
/// `$ref` to `#/$defs/NAME`. Annotations: `$schema`, `title`, `description`, `$defs`.
struct JSONSchemaCheck {
  let root: JSONValue

  static let annotations: Set<String> = ["$schema", "title", "description", "$defs"]

  /// Every place `document` breaks the schema, as `/tests/0/status: …`; empty when it conforms.
  func violations(of document: JSONValue) -> [String] {
    var found: [String] = []
    check(document, against: root, at: "", into: &found)
    return found
  }

  private func check(_ value: JSONValue, against schema: JSONValue, at path: String, into found: inout [String]) {
    guard case .object(let keywords) = schema else {
      found.append("\(path): the schema here is not an object")
      return
    }
    for (keyword, rule) in keywords.sorted(by: { $0.key < $1.key }) {
      switch keyword {
      case _ where Self.annotations.contains(keyword):
        continue
      case "$ref":
        guard let name = rule.string, name.hasPrefix("#/$defs/"),
          let target = root["$defs"]?[String(name.dropFirst("#/$defs/".count))]
        else {
          found.append("\(path): cannot resolve $ref \(rule)")
          continue
        }
        check(value, against: target, at: path, into: &found)
      case "type":
        let names = rule.array?.compactMap(\.string) ?? rule.string.map { [$0] } ?? []
        if !names.contains(where: { Self.has(value, type: $0) }) {
          found.append("\(path): \(value) is not of type \(names.joined(separator: " or "))")
        }
      case "const":
        if value != rule { found.append("\(path): \(value) is not \(rule)") }
      case "enum":
        if !(rule.array ?? []).contains(value) { found.append("\(path): \(value) is not one of \(rule)") }
      case "required":
        guard case .object(let members) = value else { continue }
        for name in rule.array?.compactMap(\.string) ?? [] where members[name] == nil {
          found.append("\(path): required key \"\(name)\" is missing")
        }
      case "properties":
        guard case .object(let members) = value, case .object(let rules) = rule else { continue }
        for (name, member) in members.sorted(by: { $0.key < $1.key }) {
          if let memberRule = rules[name] { check(member, against: memberRule, at: "\(path)/\(name)", into: &found) }
        }
      case "items":
        guard case .array(let items) = value else { continue }
        for (index, item) in items.enumerated() { check(item, against: rule, at: "\(path)/\(index)", into: &found) }
      case "contains":
        guard case .array(let items) = value else { continue }
        if !items.contains(where: { conforms($0, to: rule) }) {
          found.append("\(path): no item matches \(rule)")
        }
      case "maxLength":
        guard case .string(let text) = value, let limit = rule.number else { continue }
        if Double(text.unicodeScalars.count) > limit {
          found.append("\(path): \(text.unicodeScalars.count) characters, more than \(Int(limit))")
        }
      case "allOf":
        for part in rule.array ?? [] { check(value, against: part, at: path, into: &found) }
      case "if":
        let branch = conforms(value, to: rule) ? keywords["then"] : keywords["else"]
        if let branch { check(value, against: branch, at: path, into: &found) }
      case "then", "else":
        continue  // Taken with their `if`.
      default:
        found.append("\(path): the schema uses `\(keyword)`, which this check does not know")
      }
    }
  }

  private func conforms(_ value: JSONValue, to schema: JSONValue) -> Bool {
    var found: [String] = []
    check(value, against: schema, at: "", into: &found)
    return found.isEmpty
  }

  private static func has(_ value: JSONValue, type: String) -> Bool {
    switch (type, value) {
    case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array),
      ("object", .object):
      return true
    case ("integer", .number(let number)):
      return number.rounded() == number
    default:
      return false
    }
  }
}
