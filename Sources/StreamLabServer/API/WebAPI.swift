import Foundation

/// `streamlab serve`'s answers: the page and the JSON API. Every request gets
/// a response; a refused one gets `{"error": {"message": …}}` and a 4xx or
/// 5xx status.
public struct WebAPI: Sendable {
  public let limits: ServerLimits
  let runs: RunEndpoint
  let moves: MoveEndpoint
  let lessons: LessonEndpoints

  /// - Parameters:
  ///   - lessonsFolder: the one folder lessons are read from; no request
  ///     names a file outside it.
  ///   - progressFile: the progress store the terminal uses, or nil to keep
  ///     no progress.
  public init(limits: ServerLimits = ServerLimits(), lessonsFolder: URL, progressFile: URL?) {
    self.limits = limits
    let gate = RunGate(limits: limits)
    runs = RunEndpoint(gate: gate)
    moves = MoveEndpoint(gate: gate)
    lessons = LessonEndpoints(
      library: LessonLibrary(folder: lessonsFolder), progress: ProgressKeeper(file: progressFile), gate: gate)
  }

  public func respond(to request: WebRequest) async -> WebResponse {
    do {
      return try await route(request)
    } catch let error as APIError {
      return error.response
    } catch {
      return APIError(status: 500, "internal error: \(error)").response
    }
  }

  private func route(_ request: WebRequest) async throws -> WebResponse {
    if request.method == "GET", let file = PageFiles.byPath[request.path] { return file }
    switch (request.method, request.path) {
    case ("POST", "/api/run"): return try await runs.respond(to: request.body)
    case ("POST", "/api/move"): return try await moves.respond(to: request.body)
    case ("POST", "/api/check"): return try await lessons.check(request.body)
    case ("GET", "/api/lessons"): return try await lessons.list()
    case ("GET", let path) where path.hasPrefix("/api/lessons/"):
      return try await lessons.lesson(id: String(path.dropFirst("/api/lessons/".count)))
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
    default: return path.hasPrefix("/api/lessons/") || PageFiles.byPath[path] != nil ? ["GET"] : []
    }
  }
}
