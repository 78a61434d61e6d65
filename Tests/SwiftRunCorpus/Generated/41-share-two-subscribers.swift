// Generated from Snippets/41-share-two-subscribers.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet41ShareTwoSubscribers() {
  // Form: share() so that two subscribers see one expensive upstream (articles on share and multicast)

  var started = 0
  let expensive = Deferred { () -> Just<Int> in
      started += 1
      print("work started (\(started))")
      return Just(42)
  }
  .delay(for: .milliseconds(100), scheduler: DispatchQueue.main)
  .share()

  var first: [Int] = []
  var second: [Int] = []
  var subs = Set<AnyCancellable>()
  OracleTypeLog.shared.record("0 0", types(Deferred { () -> Just<Int> in started += 1; print("work started (\(started))"); return Just(42) }.delay(for: .milliseconds(100), scheduler: DispatchQueue.main).share()))
  expensive.sink { first.append($0) }.store(in: &subs)
  OracleTypeLog.shared.record("1 0", types(Deferred { () -> Just<Int> in started += 1; print("work started (\(started))"); return Just(42) }.delay(for: .milliseconds(100), scheduler: DispatchQueue.main).share()))
  expensive.sink { second.append($0) }.store(in: &subs)

  DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) {
      print("first subscriber got \(first), second got \(second), work ran \(started) time(s)")
  }
  OracleClock.shared.run()
  withExtendedLifetime((started, expensive, first, second, subs)) { OracleLog.shared.close() }
}
