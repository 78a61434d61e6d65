/// What an interrupted program had read, typed or built, let go of on a
/// thread of its own.
///
/// Ctrl-C gives the prompt back within 100 ms (issue 26), but a program of
/// 10,000 bindings stopped while being type-checked or built holds about a
/// million small allocations (syntax trees, Combine types, compiled
/// closures, stages), and freeing them took longer than stopping: 150 to
/// 500 ms under load. Nothing else refers to them once the program is given
/// up, so another thread frees them while the prompt is already back. Only
/// an interrupted program is let go of this way: an ordinary input frees
/// what it made before the playground hands memory back (`FreedMemory`).
enum DeferredRelease {
  /// Takes `value` and frees it on a `LargeStack` thread (freeing a deep
  /// pipeline recurses as deep as building it), or here when no thread starts.
  static func release<Value>(_ value: consuming Value) {
    let holder = Holder(value)
    _ = LargeStack.detach { holder.value = nil }
  }

  /// The only owner of the value once it is handed over, so the value is
  /// freed where `value` is set to nil.
  private final class Holder<Value> {
    var value: Value?

    init(_ value: consuming Value) {
      self.value = value
    }
  }
}
