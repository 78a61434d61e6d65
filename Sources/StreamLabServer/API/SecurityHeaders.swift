/// The headers every response carries, the API's, the page's and the HTTP
/// layer's own refusals alike: the page may load only its own files and be
/// framed by nobody (clickjacking a Check button), a browser may not guess
/// a JSON answer is a script, and nothing is cached (answers are per student).
public enum SecurityHeaders {
  public static let fields: [(name: String, value: String)] = [
    ("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'"),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "no-referrer"),
    ("Cache-Control", "no-store"),
  ]
}
