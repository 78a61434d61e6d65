extension Machine {
  /// Says, once per subject, that a value it sent reached several
  /// subscribers: Combine keeps a subject's subscribers in a `Set`
  /// (`ConduitList`, as OpenCombine's Apple-modelled subjects do), so the
  /// order they get it in is not defined, and what their closures print at
  /// that instant may come out in another order in Swift than here. The
  /// drawn rows do not depend on it; printed lines can (issue 29's cuts:
  /// swiftc's own runs of one program printed them in either order).
  func noteDeliveryOrder(of deliveries: DeliveryCount, sentBy sender: String) {
    guard deliveries.last > 1, notedDeliveryOrder.insert(ObjectIdentifier(deliveries)).inserted else { return }
    notes.append(
      "\(sender) sent one value to \(deliveries.last) subscribers at \(clock.now): Combine keeps "
        + "a subject's subscribers in a Set, so which gets it first is not defined, and Swift may print what "
        + "they do at that instant in another order than shown here")
  }
}
