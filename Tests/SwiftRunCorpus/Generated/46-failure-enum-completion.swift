// Generated from Snippets/46-failure-enum-completion.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private enum UploadError: Error {
    case quotaExceeded
    case rejected(reason: String)
}

@MainActor func snippet46FailureEnumCompletion() {
  // Form: a subject with a custom error type and a receiveCompletion switch (error-handling tutorials)


  let uploads = PassthroughSubject<Int, UploadError>()
  OracleTypeLog.shared.record("0 0", types(uploads))
  let cancellable = uploads.sink(
      receiveCompletion: { completion in
          switch completion {
          case .finished:
              print("all uploaded")
          case .failure(.quotaExceeded):
              print("quota exceeded")
          case .failure(.rejected(let reason)):
              print("rejected: \(reason)")
          }
      },
      receiveValue: { percent in print("uploaded \(percent)%") }
  )

  uploads.send(40)
  uploads.send(80)
  uploads.send(completion: .failure(.rejected(reason: "virus found")))
  uploads.send(100)
  OracleClock.shared.run()
  withExtendedLifetime((uploads, cancellable)) { OracleLog.shared.close() }
}
