// Generated from Snippets/52-combine-latest3-init.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

@MainActor func snippet52CombineLatest3Init() {
  // Form: Publishers.CombineLatest3 built with its initialiser (a filter screen in an open-source app)

  let category = CurrentValueSubject<String, Never>("all")
  let maxPrice = CurrentValueSubject<Int, Never>(100)
  let inStock = CurrentValueSubject<Bool, Never>(false)

  let filters = Publishers.CombineLatest3(category, maxPrice, inStock)
  OracleTypeLog.shared.record("0 0", types(CurrentValueSubject<String, Never>("all")))
  OracleTypeLog.shared.record("0 1", types(Publishers.CombineLatest3(category, maxPrice, inStock)))
  OracleTypeLog.shared.record("0 2", types(Publishers.CombineLatest3(category, maxPrice, inStock).map { category, price, stock in "category=\(category) price<=\(price)" + (stock ? " in-stock" : "") }))
  let cancellable = filters
      .map { category, price, stock in
          "category=\(category) price<=\(price)" + (stock ? " in-stock" : "")
      }
      .sink { print("query: \($0)") }

  maxPrice.send(50)
  inStock.send(true)
  category.send("books")
  OracleClock.shared.run()
  withExtendedLifetime((category, maxPrice, inStock, filters, cancellable)) { OracleLog.shared.close() }
}
