// Generated from Snippets/61-zip-parallel-requests.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private struct Profile { let name: String }

private struct Settings { let theme: String }

@MainActor func snippet61ZipParallelRequests() {
  // Form: zip waiting for two parallel requests before showing a screen, with a typed tuple closure (app code)


  let profile = Just(Profile(name: "Noor"))
      .delay(for: .milliseconds(300), scheduler: DispatchQueue.main)
  let settings = Just(Settings(theme: "dark"))
      .delay(for: .milliseconds(100), scheduler: DispatchQueue.main)

  OracleTypeLog.shared.record("0 0", types(Just(Profile(name: "Noor"))))
  OracleTypeLog.shared.record("0 1", types(Just(Profile(name: "Noor")).delay(for: .milliseconds(300), scheduler: DispatchQueue.main)))
  OracleTypeLog.shared.record("0 2", types(Just(Profile(name: "Noor")).delay(for: .milliseconds(300), scheduler: DispatchQueue.main).zip(settings)))
  let cancellable = profile.zip(settings)
      .sink { (profile: Profile, settings: Settings) in
          print("welcome \(profile.name), theme \(settings.theme)")
      }
  OracleClock.shared.run()
  withExtendedLifetime((profile, settings, cancellable)) { OracleLog.shared.close() }
}
