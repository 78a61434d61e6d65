// Generated from Snippets/07-form-validation.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private final class SignUpViewModel: ObservableObject {
    @Published var username = ""
    @Published var password = ""
    @Published var passwordAgain = ""
    @Published var canSubmit = false

    private var cancellables = Set<AnyCancellable>()

    private var isUsernameValid: AnyPublisher<Bool, Never> {
        $username
            .map { $0.count >= 3 }
            .eraseToAnyPublisher()
    }

    private var arePasswordsValid: AnyPublisher<Bool, Never> {
        $password.combineLatest($passwordAgain)
            .map { password, again in
                guard password.count >= 6 else { return false }
                return password == again
            }
            .eraseToAnyPublisher()
    }

    init() {
        OracleTypeLog.shared.record("0 0", types($username))
        OracleTypeLog.shared.record("0 1", types($username.map { $0.count >= 3 }))
        OracleTypeLog.shared.record("0 2", types($username.map { $0.count >= 3 }.combineLatest(arePasswordsValid)))
        OracleTypeLog.shared.record("0 3", types($username.map { $0.count >= 3 }.combineLatest(arePasswordsValid).map { $0 && $1 }))
        OracleTypeLog.shared.record("0 4", types($username.map { $0.count >= 3 }.combineLatest(arePasswordsValid).map { $0 && $1 }.removeDuplicates()))
        isUsernameValid.combineLatest(arePasswordsValid)
            .map { $0 && $1 }
            .removeDuplicates()
            .assign(to: \.canSubmit, on: self)
            .store(in: &cancellables)
    }
}

@MainActor func snippet07FormValidation() {
  // Form: a sign-up form view model validating fields with combineLatest (tutorial articles)


  let form = SignUpViewModel()
  OracleTypeLog.shared.record("1 0", types(form.$canSubmit))
  let button = form.$canSubmit.sink { print("submit enabled: \($0)") }
  form.username = "kim"
  form.password = "secret1"
  form.passwordAgain = "secret"
  form.passwordAgain = "secret1"
  form.username = "k"
  OracleClock.shared.run()
  withExtendedLifetime((form, button)) { OracleLog.shared.close() }
}
