// Form: dropFirst, drop(while:) and prefix(while:) side by side (operator reference articles)
import Combine

let values = [1, 3, 5, 6, 7, 8, 9].publisher
var bag = Set<AnyCancellable>()

values.dropFirst(2).collect().sink { print("dropFirst(2): \($0)") }.store(in: &bag)
values.drop(while: { $0 % 2 == 1 }).collect().sink { print("drop(while odd): \($0)") }.store(in: &bag)
values.prefix(while: { $0 < 6 }).collect().sink { print("prefix(while < 6): \($0)") }.store(in: &bag)
