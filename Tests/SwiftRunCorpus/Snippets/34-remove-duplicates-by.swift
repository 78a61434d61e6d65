// Form: removeDuplicates(by:) on a struct field, from Q&A answers about non-Equatable values
import Combine

struct Reading {
    let sensor: String
    let celsius: Int
}

let readings = [
    Reading(sensor: "a", celsius: 20),
    Reading(sensor: "a", celsius: 20),
    Reading(sensor: "b", celsius: 20),
    Reading(sensor: "b", celsius: 21),
    Reading(sensor: "b", celsius: 21),
]

let c1 = readings.publisher
    .removeDuplicates { $0.celsius == $1.celsius }
    .sink { print("changed temperature: \($0.sensor) \($0.celsius)") }

let c2 = readings.publisher
    .map(\.sensor)
    .removeDuplicates()
    .collect()
    .sink { print("sensors: \($0)") }
