// Generated from Snippets/25-throttle-latest.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet25ThrottleLatest() {
  // Form: throttling scroll or tap events with throttle(for:scheduler:latest:) (blog posts comparing debounce and throttle)

  let taps = PassthroughSubject<Int, Never>()
  let scrolls = PassthroughSubject<Int, Never>()
  var bag = Set<AnyCancellable>()

  OracleTypeLog.shared.record("0 0", types(taps))
  OracleTypeLog.shared.record("0 1", types(taps.throttle(for: .milliseconds(500), scheduler: DispatchQueue.main, latest: true)))
  taps
      .throttle(for: .milliseconds(500), scheduler: DispatchQueue.main, latest: true)
      .sink { print("latest tap: \($0)") }
      .store(in: &bag)

  OracleTypeLog.shared.record("1 0", types(scrolls))
  OracleTypeLog.shared.record("1 1", types(scrolls.throttle(for: .milliseconds(500), scheduler: DispatchQueue.main, latest: false)))
  scrolls
      .throttle(for: .milliseconds(500), scheduler: DispatchQueue.main, latest: false)
      .sink { print("first scroll: \($0)") }
      .store(in: &bag)

  for i in 1...8 {
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(i * 150)) {
          taps.send(i)
      }
      DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(i * 150 + 10)) {
          scrolls.send(i)
      }
  }
  OracleClock.shared.run()
  withExtendedLifetime((taps, scrolls, bag)) { OracleLog.shared.close() }
}
