// Generated from Snippets/96-checked-continuation-from-sink.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private func firstValue(of subject: PassthroughSubject<Int, Never>) async -> Int {
  await withCheckedContinuation { continuation in
    var cancellable: AnyCancellable?
    OracleTypeLog.shared.record("0 0", types(subject))
    OracleTypeLog.shared.record("0 1", types(subject.first()))
    cancellable = subject.first().sink { value in
      continuation.resume(returning: value)
      cancellable?.cancel()
    }
  }
}

@MainActor func snippet96CheckedContinuationFromSink() {
  // Form: a publisher awaited through withCheckedContinuation and a sink, as articles bridge Combine to async functions
  let subject = PassthroughSubject<Int, Never>()
  Task {
    let value = await firstValue(of: subject)
    print("got \(value)")
  }
  DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) { subject.send(7) }
  OracleClock.shared.run()
  withExtendedLifetime(subject) { OracleLog.shared.close() }
}
