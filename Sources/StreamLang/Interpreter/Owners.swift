import StreamCore

/// The pipeline language's short form of issue 30's lifetimes, counted as
/// Swift's ARC counts the code it stands for:
///
///     let vm = owner                        // var vm: Owner? = Owner()  (a Set<AnyCancellable> inside)
///     interval 1s sink strong vm store vm   // timer.sink { [vm] _ in vm?.tick() }.store(in: &vm!.cancellables)
///     release vm @500ms                     // vm = nil, at 500ms
///
/// An owner goes (its `deinit`) once the program has let go of it and no
/// live subscription's `sink` captures it strongly; then every subscription
/// stored in it is cancelled. A strong capture stored in the owner itself
/// keeps it forever unless its publisher completes (a `Sink` lets go of its
/// closure at completion): a cycle, reported as a leak.
final class OwnerTable {
  final class Owner {
    let name: String
    /// When the program let go of it, and the `release` statement's line for the legend.
    var released: (time: VirtualTime, statement: String)?
    var deinitAt: VirtualTime?
    /// The subscriptions stored in it and still live.
    var stored: [Holding] = []
    /// Live subscriptions whose `sink` captures it strongly.
    var strongHolders: [Holding] = []

    init(name: String) { self.name = name }
  }

  /// One subscription with a holder clause.
  final class Holding {
    let pipeline: Int
    let subscriber: RunSubscriber
    let storedIn: Owner?
    let strongly: Owner?
    var isLive = true

    init(pipeline: Int, subscriber: RunSubscriber, storedIn: Owner?, strongly: Owner?) {
      self.pipeline = pipeline
      self.subscriber = subscriber
      self.storedIn = storedIn
      self.strongly = strongly
    }
  }

  private let clock: VirtualClock
  private(set) var owners: [Owner] = []
  /// Every subscription with a holder clause, for `cancelled`.
  private var holdings: [Holding] = []
  private var byName: [String: Owner] = [:]
  /// Each subscription an owner's `deinit` cancelled, and the statement that released the owner.
  private(set) var releases: [SubscriptionRelease] = []
  /// Subscriptions made after the program let go of their owner: discarded
  /// at once, as `vm?.cancellables` is nil then.
  private(set) var notes: [String] = []

  init(clock: VirtualClock) {
    self.clock = clock
  }

  func declare(_ name: String) {
    let owner = Owner(name: name)
    owners.append(owner)
    byName[name] = owner
  }

  func owner(named name: String) -> Owner? { byName[name] }

  /// Called as the subscription is made, before it subscribes: from then on
  /// it holds its owners. False when the program had let go of the owner it
  /// is to be stored in: `vm?.cancellables` is then nil, even while a
  /// closure still keeps the object, so the caller cancels the subscription
  /// once subscribed, as Swift discards an `AnyCancellable` that
  /// `store(in:)` had nowhere to put. A capture of a let-go owner captures nil.
  func hold(pipeline: Int, subscriber: RunSubscriber, storedIn: Owner?, strongly: Owner?) -> Bool {
    if let owner = storedIn, let released = owner.released {
      notes.append(
        "`\(owner.name)` was let go of at \(released.time), so the subscription made at \(clock.now) had no "
          + "owner to be stored in: its AnyCancellable was discarded and cancelled at once")
      return false
    }
    let holding = Holding(
      pipeline: pipeline, subscriber: subscriber, storedIn: storedIn,
      strongly: strongly?.released == nil ? strongly : nil)
    holdings.append(holding)
    storedIn?.stored.append(holding)
    holding.strongly?.strongHolders.append(holding)
    subscriber.onCompletion = { [unowned self, unowned holding] _ in self.end(holding) }
    return true
  }

  /// `release vm`: the program's reference goes now.
  func release(_ owner: Owner, statement: String) {
    guard owner.released == nil else { return }
    owner.released = (clock.now, statement)
    deinitIfFree(owner)
  }

  /// A subscription was cancelled at its `@..T`: it holds nothing any more.
  func cancelled(_ subscriber: RunSubscriber) {
    for holding in holdings where holding.subscriber === subscriber { end(holding) }
  }

  private func end(_ holding: Holding) {
    guard holding.isLive else { return }
    holding.isLive = false
    holding.subscriber.onCompletion = nil
    holding.storedIn?.stored.removeAll { $0 === holding }
    if let owner = holding.strongly {
      owner.strongHolders.removeAll { $0 === holding }
      deinitIfFree(owner)
    }
  }

  private func deinitIfFree(_ owner: Owner) {
    guard let statement = owner.released?.statement, owner.deinitAt == nil, owner.strongHolders.isEmpty else {
      return
    }
    owner.deinitAt = clock.now
    // Its `Set<AnyCancellable>` goes with it: each stored subscription is cancelled.
    let stored = owner.stored
    for holding in stored where holding.isLive {
      releases.append(SubscriptionRelease(pipeline: holding.pipeline, time: clock.now, statement: statement))
      end(holding)
      holding.subscriber.cancel()
    }
  }

  /// Each owner's lifetime at the end of the run. One the program let go
  /// of is leaked when only subscriptions stored in owners that are
  /// themselves unreachable still hold it: a cycle.
  func lifetimes() -> [ObjectLifetime] {
    // Reachable: not released by the program, or held by a live strong
    // capture that the run itself keeps or that a reachable owner stores.
    var reachable = Set(owners.filter { $0.released == nil }.map(\.name))
    var changed = true
    while changed {
      changed = false
      for owner in owners where !reachable.contains(owner.name) && owner.deinitAt == nil {
        let held = owner.strongHolders.contains { holding in
          holding.storedIn.map { reachable.contains($0.name) } ?? true
        }
        if held {
          reachable.insert(owner.name)
          changed = true
        }
      }
    }
    return owners.map { owner in
      ObjectLifetime(
        typeName: "owner", made: .zero, released: owner.deinitAt,
        leaked: owner.deinitAt == nil && !reachable.contains(owner.name), name: owner.name)
    }
  }

  /// Breaks the closures' references at the end of the run.
  func end() {
    for holding in holdings { holding.subscriber.onCompletion = nil }
    holdings = []
    for owner in owners {
      owner.stored = []
      owner.strongHolders = []
    }
  }

  /// A sentence per leaked owner: the cycle, in Swift's words, and what it keeps running.
  func leakNotes(_ lifetimes: [ObjectLifetime], shown: [ShownPipeline]) -> [String] {
    lifetimes.filter(\.leaked).compactMap { lifetime in
      guard let owner = byName[lifetime.label] else { return nil }
      let cycle = owner.strongHolders.filter { $0.storedIn != nil }
      let running = cycle.compactMap { shown.indices.contains($0.pipeline) ? "`\(shown[$0.pipeline].source)`" : nil }
      var sentence =
        "leak: \(owner.name) is never released: \(owner.name) → its AnyCancellable → sink closure → "
        + "\(owner.name) (`sink strong \(owner.name)`)"
      if !running.isEmpty {
        sentence += "; it keeps \(running.joined(separator: " and ")) running, still at \(clock.now)"
      }
      return sentence + " (`sink weak \(owner.name)` breaks the cycle, as `[weak self]` does)"
    }
  }
}
