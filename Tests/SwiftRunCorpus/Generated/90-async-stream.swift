// Generated from Snippets/90-async-stream.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet90AsyncStream() {
  // Form: An article's AsyncStream: values yielded before the loop asks wait in its buffer.

  let (stream, continuation) = AsyncStream.makeStream(of: Int.self)

  Task {
    for await value in stream {
      print("got \(value)")
      try? await Task.sleep(for: .milliseconds(150))
    }
    print("stream ended")
  }

  for value in 1...4 {
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100 * value)) {
      continuation.yield(value)
    }
  }
  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(500)) {
    continuation.finish()
  }
  OracleClock.shared.run()
  OracleLog.shared.close()
}
