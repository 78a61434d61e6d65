// Generated from Snippets/14-future-statements.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private enum ValidationError: Error {
    case tooShort(Int)
    case forbidden
}

private func validate(_ name: String) -> Future<String, ValidationError> {
    return Future { promise in
        print("validating \(name)")
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if trimmed.count < 3 {
            promise(.failure(.tooShort(trimmed.count)))
            return
        }
        if trimmed == "root" {
            promise(.failure(.forbidden))
        } else {
            promise(.success(trimmed.uppercased()))
        }
    }
}

@MainActor func snippet14FutureStatements() {
  // Form: a Future whose closure runs statements and decides success or failure (Q&A answers)



  var cancellables = Set<AnyCancellable>()
  for name in [" al ", "root", "grace"] {
      validate(name)
          .sink(receiveCompletion: { completion in
              if case .failure(let error) = completion {
                  print("rejected: \(error)")
              }
          }, receiveValue: { print("accepted: \($0)") })
          .store(in: &cancellables)
  }
  OracleClock.shared.run()
  withExtendedLifetime(cancellables) { OracleLog.shared.close() }
}
