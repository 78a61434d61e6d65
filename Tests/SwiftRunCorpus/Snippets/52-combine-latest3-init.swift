// Form: Publishers.CombineLatest3 built with its initialiser (a filter screen in an open-source app)
import Combine

let category = CurrentValueSubject<String, Never>("all")
let maxPrice = CurrentValueSubject<Int, Never>(100)
let inStock = CurrentValueSubject<Bool, Never>(false)

let filters = Publishers.CombineLatest3(category, maxPrice, inStock)
let cancellable = filters
    .map { category, price, stock in
        "category=\(category) price<=\(price)" + (stock ? " in-stock" : "")
    }
    .sink { print("query: \($0)") }

maxPrice.send(50)
inStock.send(true)
category.send("books")
