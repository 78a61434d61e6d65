// Form: a countdown driven by Timer.publish(...).autoconnect() with prefix (SwiftUI timer tutorials)
import Combine
import Foundation

var remaining = 3
let countdown = Timer.publish(every: 1, on: .main, in: .common)
    .autoconnect()
    .prefix(3)
    .sink(receiveCompletion: { _ in
        print("liftoff")
    }, receiveValue: { _ in
        remaining -= 1
        print("\(remaining + 1)...")
    })
