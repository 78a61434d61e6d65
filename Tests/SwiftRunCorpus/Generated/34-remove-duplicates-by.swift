// Generated from Snippets/34-remove-duplicates-by.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private struct Reading {
    let sensor: String
    let celsius: Int
}

@MainActor func snippet34RemoveDuplicatesBy() {
  // Form: removeDuplicates(by:) on a struct field, from Q&A answers about non-Equatable values


  let readings = [
      Reading(sensor: "a", celsius: 20),
      Reading(sensor: "a", celsius: 20),
      Reading(sensor: "b", celsius: 20),
      Reading(sensor: "b", celsius: 21),
      Reading(sensor: "b", celsius: 21),
  ]

  OracleTypeLog.shared.record("0 0", types(readings.publisher))
  OracleTypeLog.shared.record("0 1", types(readings.publisher.removeDuplicates { $0.celsius == $1.celsius }))
  let c1 = readings.publisher
      .removeDuplicates { $0.celsius == $1.celsius }
      .sink { print("changed temperature: \($0.sensor) \($0.celsius)") }

  OracleTypeLog.shared.record("1 0", types(readings.publisher))
  OracleTypeLog.shared.record("1 1", types(readings.publisher.map(\.sensor)))
  OracleTypeLog.shared.record("1 2", types(readings.publisher.map(\.sensor).removeDuplicates()))
  OracleTypeLog.shared.record("1 3", types(readings.publisher.map(\.sensor).removeDuplicates().collect()))
  let c2 = readings.publisher
      .map(\.sensor)
      .removeDuplicates()
      .collect()
      .sink { print("sensors: \($0)") }
  OracleClock.shared.run()
  withExtendedLifetime((readings, c1, c2)) { OracleLog.shared.close() }
}
