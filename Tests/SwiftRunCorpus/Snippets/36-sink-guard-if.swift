// Form: a sink with a multi-statement closure using guard, if and interpolation (app code)
import Combine

let temperatures = PassthroughSubject<Double?, Never>()
var highest = -Double.infinity

let cancellable = temperatures.sink { reading in
    guard let reading = reading else {
        print("sensor offline")
        return
    }
    if reading > highest {
        highest = reading
        print("new high: \(reading)")
    } else if reading == highest {
        print("tied high")
    } else {
        let gap = highest - reading
        print("\(reading) is \(gap) below the high")
    }
}

temperatures.send(18.5)
temperatures.send(nil)
temperatures.send(21.0)
temperatures.send(21.0)
temperatures.send(19.5)
