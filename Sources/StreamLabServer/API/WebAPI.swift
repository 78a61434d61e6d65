import Foundation

/// `streamlab serve`'s answers: the page and the JSON API. Every request gets
/// a response; a refused one gets `{"error": {"message": …}}` and a 4xx or
/// 5xx status.
public struct WebAPI: Sendable {
  public let limits: ServerLimits
  let policy: SameOriginPolicy
  let runs: RunEndpoint
  let moves: MoveEndpoint
  let lessons: LessonEndpoints
  /// `--class DIR`: the class at a glance; nil without it.
  let classes: ClassEndpoint?

  /// - Parameters:
  ///   - lessonsFolder: the one folder lessons are read from; no request
  ///     names a file outside it.
  ///   - progressFile: the progress store the terminal uses, or nil to keep
  ///     no progress.
  ///   - studentsFolder: classroom mode: each browser's progress in a file of
  ///     its own in this folder, named by its `StudentCookie`, instead of
  ///     `progressFile`.
  ///   - allowedHosts: names besides its addresses that the server answers
  ///     for in `Host` (`--allow-host`).
  ///   - keepSolutions: send the hints that give the solution away too.
  ///   - classFolder: `--class`: the folder of students' files `/class` reports on.
  public init(
    limits: ServerLimits = ServerLimits(), lessonsFolder: URL, progressFile: URL?, studentsFolder: URL? = nil,
    allowedHosts: [String] = [], keepSolutions: Bool = false, classFolder: URL? = nil
  ) {
    self.limits = limits
    policy = SameOriginPolicy(allowedNames: allowedHosts)
    let gate = RunGate(limits: limits)
    runs = RunEndpoint(gate: gate)
    moves = MoveEndpoint(gate: gate)
    let place: ProgressKeeper.Place = studentsFolder.map { .perStudent(folder: $0) } ?? .terminal(progressFile)
    lessons = LessonEndpoints(
      library: LessonLibrary(folder: lessonsFolder), progress: ProgressKeeper(place: place, limits: limits),
      hints: LessonHints(keepSolutions: keepSolutions), gate: gate)
    classes = classFolder.map { ClassEndpoint(folder: $0, library: LessonLibrary(folder: lessonsFolder), gate: gate) }
  }

  /// The threads the server handles its connections on, which its runs use.
  var executor: any TaskExecutor { runs.gate.workers }

  public func respond(to request: WebRequest) async -> WebResponse {
    // In classroom mode a browser without a student id gets one with its
    // first answer (the page itself, before any of its requests).
    var student = StudentCookie.parse(cookieHeader: request.headers["cookie"])
    var newStudent: StudentCookie?
    if lessons.progress.isPerStudent, student == nil {
      student = StudentCookie.random()
      newStudent = student
    }
    var response: WebResponse
    do {
      try policy.check(request)
      response = try await route(request, student: student)
    } catch let error as APIError {
      response = error.response
    } catch {
      response = APIError(status: 500, "internal error: \(error)").response
    }
    if let newStudent, response.status < 400 { response.headers["Set-Cookie"] = newStudent.setCookieHeader }
    return response
  }

  private func route(_ request: WebRequest, student: StudentCookie?) async throws -> WebResponse {
    // HEAD is GET without the body, which the HTTP layer leaves out.
    let method = request.method == "HEAD" ? "GET" : request.method
    if method == "GET", let file = PageFiles.byPath[request.path] { return file }
    switch (method, request.path) {
    case ("POST", "/api/run"): return try await runs.respond(to: request.body)
    case ("POST", "/api/move"): return try await moves.respond(to: request.body)
    case ("POST", "/api/check"): return try await lessons.check(request.body, student: student)
    case ("GET", "/api/lessons"): return try await lessons.list(student: student)
    case ("GET", "/class") where classes != nil: return classes!.index()
    case ("GET", "/class.css") where classes != nil: return ClassEndpoint.stylesheet
    case ("GET", let path) where classes != nil && path.hasPrefix("/class/"):
      return try await classes!.report(id: String(path.dropFirst("/class/".count)))
    case ("GET", let path) where path == "/class" || path == "/class.css" || path.hasPrefix("/class/"):
      throw APIError.notFound(
        "no class here: `streamlab serve --class FOLDER` shows a folder of students' files at /class")
    case ("GET", let path) where path.hasPrefix("/api/lessons/"):
      let rest = path.dropFirst("/api/lessons/".count)
      let parts = rest.split(separator: "/", omittingEmptySubsequences: false)
      if parts.count == 4, parts[1] == "hints" {
        return try lessons.hint(lesson: String(parts[0]), exercise: parts[2], number: parts[3])
      }
      return try await lessons.lesson(id: String(rest), student: student)
    case (let method, let path):
      let allowed = Self.methods(for: path)
      guard !allowed.isEmpty else { throw APIError.notFound("no page or endpoint at \(path)") }
      throw APIError(status: 405, "\(path) takes \(allowed.joined(separator: " or ")), not \(method)")
    }
  }

  /// The methods `path` answers, for a 405's message.
  private static func methods(for path: String) -> [String] {
    switch path {
    case "/api/run", "/api/check", "/api/move": return ["POST"]
    case "/api/lessons": return ["GET"]
    case "/class", "/class.css": return ["GET"]
    default:
      return path.hasPrefix("/api/lessons/") || path.hasPrefix("/class/") || PageFiles.byPath[path] != nil
        ? ["GET"] : []
    }
  }
}
