// Generated from Snippets/72-custom-subscriber-demand.swift by SnippetGenerator; a test checks it is still
// exactly what the generator writes (STREAMLAB_WRITE_ORACLE=1 rewrites it).

import OpenCombine
import StreamCore

private final class TwoAtATime: Subscriber {
    typealias Input = Int
    typealias Failure = Never

    private var subscription: Subscription?
    private var receivedInBatch = 0

    func receive(subscription: Subscription) {
        print("subscribed, asking for 2")
        self.subscription = subscription
        subscription.request(.max(2))
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        receivedInBatch += 1
        print("received \(input)")
        if receivedInBatch == 2 {
            receivedInBatch = 0
            let subscription = self.subscription
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(500)) {
                print("asking for 2 more")
                subscription?.request(.max(2))
            }
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        print("completed: \(completion)")
    }
}

@MainActor func snippet72CustomSubscriberDemand() {
  // Form: a hand-written Subscriber that asks for a limited demand (Combine books' chapter on custom subscribers)


  (1...5).publisher.subscribe(TwoAtATime())
  OracleClock.shared.run()
  OracleLog.shared.close()
}
