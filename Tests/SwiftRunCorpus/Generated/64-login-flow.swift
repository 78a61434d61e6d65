// Generated from Snippets/64-login-flow.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private enum AuthError: Error {
    case wrongPassword
}

private struct AuthService {
    func login(user: String, password: String) -> Future<String, AuthError> {
        Future { promise in
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) {
                if password == "hunter2" {
                    promise(.success("token-\(user)"))
                } else {
                    promise(.failure(.wrongPassword))
                }
            }
        }
    }
}

private final class LoginViewModel {
    @Published var status = "signed out"
    private let auth = AuthService()
    private var cancellables = Set<AnyCancellable>()

    func submit(user: String, password: String) {
        status = "signing in \(user)…"
        auth.login(user: user, password: password)
            .map { token in "signed in (\(token))" }
            .catch { error in Just("failed: \(error)") }
            .assign(to: \.status, on: self)
            .store(in: &cancellables)
    }
}

@MainActor func snippet64LoginFlow() {
  // Form: a login view model with a Future-returning auth service and status messages (MVVM articles)




  let login = LoginViewModel()
  let statusLabel = login.$status.sink { print($0) }
  login.submit(user: "amy", password: "1234")
  DispatchQueue.main.asyncAfter(deadline: .now() + .seconds(1)) {
      login.submit(user: "amy", password: "hunter2")
  }
  OracleClock.shared.run()
  withExtendedLifetime((login, statusLabel)) { OracleLog.shared.close() }
}
