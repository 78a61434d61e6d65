import StreamCore

/// A value as `print` logs it. Combine's `Print` writes `receive value:
/// (\(input))`, and Swift interpolates a `String` as its bare text: Apple's
/// `["a"].publisher.print()` logs `receive value: (a)`, where `Value`'s
/// description would quote it. Inside arrays and tuples Swift quotes strings,
/// as `Value` does.
struct PrintedValue: CustomStringConvertible {
  var value: Value

  var description: String {
    if case .string(let text) = value { return text }
    return value.description
  }
}
