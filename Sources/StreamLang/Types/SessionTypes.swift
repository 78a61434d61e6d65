/// The types of a session's bindings, kept from the input that bound them
/// to the inputs after it.
///
/// Without it each input typed the bindings it used again, and a chain of
/// bindings from an earlier input (`:load` of 8,000 chained `let`s, then a
/// file that goes on from the last) was typed anew, as deep as the inference
/// goes, by each new binding that reached it (issue 26).
///
/// Each type is kept beside its binding, held strongly: the key is the
/// binding's identity, which a freed binding could pass on to a new one.
struct SessionTypes {
  private var byBinding: [ObjectIdentifier: (binding: BoundPipeline, stage: TypeInference.Stage)] = [:]

  /// The kept types, as `TypeInference.BindingTypes` looks them up.
  var stages: [ObjectIdentifier: TypeInference.Stage] { byBinding.mapValues(\.stage) }

  /// Keeps the types `typed` gives the session's `bindings` by name, and
  /// drops those of bindings the session no longer names (rebound or cleared).
  mutating func keep(_ typed: [String: TypeInference.Stage], of bindings: [String: BoundPipeline]) {
    var kept: [ObjectIdentifier: (binding: BoundPipeline, stage: TypeInference.Stage)] = [:]
    kept.reserveCapacity(bindings.count)
    for binding in bindings.values {
      let key = ObjectIdentifier(binding)
      if let earlier = byBinding[key] {
        kept[key] = earlier
      } else if let stage = typed[binding.name] {
        kept[key] = (binding, stage)
      }
    }
    byBinding = kept
  }

  mutating func removeAll() { byBinding.removeAll() }
}
