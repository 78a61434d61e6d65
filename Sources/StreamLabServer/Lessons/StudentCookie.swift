/// The cookie that tells one browser from another in classroom mode: a
/// random id, 128 bits as 32 lowercase hex digits, that names the student's
/// progress file. Only the server reads it (HttpOnly) and no other site's
/// request carries it (SameSite=Strict); an id of any other shape is
/// ignored, so a cookie never names a path.
struct StudentCookie: Equatable {
  static let name = "streamlab_student"

  let id: String

  /// A new student's id.
  static func random() -> StudentCookie {
    var generator = SystemRandomNumberGenerator()
    let digits = (0..<2).map { _ in
      let hex = String(generator.next() as UInt64, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }
    return StudentCookie(id: digits.joined())
  }

  /// The id in a request's `Cookie` header, when it holds a well-formed one.
  static func parse(cookieHeader: String?) -> StudentCookie? {
    guard let cookieHeader else { return nil }
    for pair in cookieHeader.split(separator: ";") {
      let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace() }
      guard parts.count == 2, parts[0] == name else { continue }
      let id = parts[1]
      if id.utf8.count == 32, id.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) {
        return StudentCookie(id: id)
      }
    }
    return nil
  }

  /// The `Set-Cookie` value that gives a browser this id for a year.
  var setCookieHeader: String {
    "\(Self.name)=\(id); Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000"
  }
}

extension Substring {
  fileprivate func trimmingWhitespace() -> String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
