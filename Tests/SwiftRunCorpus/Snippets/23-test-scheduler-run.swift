// Form: a combine-schedulers test that runs the scheduler to the end with run()
import Combine
import CombineSchedulers

let scheduler = DispatchQueue.test
var output: [Int] = []

let cancellable = Just(1)
    .append(2, 3)
    .flatMap { value in
        Just(value * 100).delay(for: .seconds(value), scheduler: scheduler)
    }
    .sink { value in
        output.append(value)
        print("received \(value)")
    }

print("before run: \(output)")
scheduler.run()
print("after run: \(output)")
