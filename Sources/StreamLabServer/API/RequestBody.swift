import Foundation

/// Decodes a request's JSON body, refusing anything else with a message
/// that says what the endpoint takes.
enum RequestBody {
  static func decode<Body: Decodable>(_ type: Body.Type, from data: Data, shape: String) throws -> Body {
    do {
      return try JSONDecoder().decode(Body.self, from: data)
    } catch DecodingError.keyNotFound(let key, _) {
      throw APIError.badRequest("the request body lacks \"\(key.stringValue)\"; send \(shape)")
    } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
      let field = context.codingPath.map(\.stringValue).joined(separator: ".")
      throw APIError.badRequest("\"\(field)\" has the wrong type; send \(shape)")
    } catch {
      throw APIError.badRequest("the request body is not valid JSON; send \(shape)")
    }
  }
}
