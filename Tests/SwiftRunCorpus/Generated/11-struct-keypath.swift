// Generated from Snippets/11-struct-keypath.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private struct User {
    let name: String
    let age: Int
}

@MainActor func snippet11StructKeypath() {
  // Form: model structs sent through a subject and projected with key paths (Combine books' examples)


  let users = PassthroughSubject<User, Never>()
  var bag = Set<AnyCancellable>()

  OracleTypeLog.shared.record("0 0", types(users))
  OracleTypeLog.shared.record("0 1", types(users.handleEvents(receiveOutput: { print("received \($0)") })))
  OracleTypeLog.shared.record("0 2", types(users.handleEvents(receiveOutput: { print("received \($0)") }).filter { $0.age >= 18 }))
  OracleTypeLog.shared.record("0 3", types(users.handleEvents(receiveOutput: { print("received \($0)") }).filter { $0.age >= 18 }.map(\.name)))
  users
      .handleEvents(receiveOutput: { print("received \($0)") })
      .filter { $0.age >= 18 }
      .map(\.name)
      .sink { print("adult: \($0)") }
      .store(in: &bag)

  users.send(User(name: "Mia", age: 17))
  users.send(User(name: "Leo", age: 30))
  OracleClock.shared.run()
  withExtendedLifetime((users, bag)) { OracleLog.shared.close() }
}
