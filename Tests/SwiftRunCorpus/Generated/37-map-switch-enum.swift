// Generated from Snippets/37-map-switch-enum.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private enum Status: String {
    case ok, notFound, serverError, unknown
}

@MainActor func snippet37MapSwitchEnum() {
  // Form: mapping raw codes to an enum with a switch inside map (networking layer code)


  let codes = [200, 404, 500, 302].publisher
  let cancellable = codes
      .map { code -> Status in
          switch code {
          case 200..<300:
              return .ok
          case 404:
              return .notFound
          case 500...:
              return .serverError
          default:
              return .unknown
          }
      }
      .map(\.rawValue)
      .sink { print("status \($0)") }
  OracleClock.shared.run()
  withExtendedLifetime((codes, cancellable)) { OracleLog.shared.close() }
}
