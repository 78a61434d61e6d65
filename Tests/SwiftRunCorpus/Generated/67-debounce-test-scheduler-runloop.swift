// Generated from Snippets/67-debounce-test-scheduler-runloop.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private final class EmailValidator {
    @Published var email = ""
    @Published private(set) var message = ""
    private var cancellables = Set<AnyCancellable>()

    init(scheduler: AnySchedulerOf<RunLoop>) {
        OracleTypeLog.shared.record("0 0", types($email))
        OracleTypeLog.shared.record("0 1", types($email.dropFirst()))
        OracleTypeLog.shared.record("0 2", types($email.dropFirst().debounce(for: .seconds(1), scheduler: scheduler)))
        OracleTypeLog.shared.record("0 3", types($email.dropFirst().debounce(for: .seconds(1), scheduler: scheduler).map { $0.contains("@") ? "looks good" : "missing @" }))
        $email
            .dropFirst()
            .debounce(for: .seconds(1), scheduler: scheduler)
            .map { $0.contains("@") ? "looks good" : "missing @" }
            .assign(to: \.message, on: self)
            .store(in: &cancellables)
    }
}

@MainActor func snippet67DebounceTestSchedulerRunloop() {
  // Form: an XCTest-style check of a debounced validator with RunLoop.test (combine-schedulers README style)


  let scheduler = RunLoop.test
  let validator = EmailValidator(scheduler: scheduler.eraseToAnyScheduler())
  validator.email = "a"
  validator.email = "a@b"
  scheduler.advance(by: .milliseconds(500))
  print("after 0.5s: '\(validator.message)'")
  scheduler.advance(by: .milliseconds(500))
  print("after 1s: '\(validator.message)'")
  validator.email = "ab"
  scheduler.advance(by: .seconds(1))
  print("after 2s: '\(validator.message)'")
  OracleClock.shared.run()
  withExtendedLifetime((scheduler, validator)) { OracleLog.shared.close() }
}
