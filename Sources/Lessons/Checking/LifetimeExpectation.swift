import StreamCore
import StreamLang

/// What an exercise expects of an object's lifetime (issue 30): written in
/// `expect:` beside the events, as `2500ms:deinit vm` (released then) or
/// `leak: Clock` (never released: a cycle), or taken from the solution's
/// run when `expect:` is not written. An object is named as the diagram
/// labels it: an owner by its name, a Swift instance by its type.
public struct LifetimeExpectation: Hashable, CustomStringConvertible {
  public enum Ending: Hashable {
    case deinitAt(VirtualTime)
    case leak
  }

  public var name: String
  public var ending: Ending

  public init(name: String, ending: Ending) {
    self.name = name
    self.ending = ending
  }

  /// `2500ms:deinit vm` or `leak: vm`, as `expect:` writes it.
  public var description: String {
    switch ending {
    case .deinitAt(let time): return "\(time):deinit \(name)"
    case .leak: return "leak: \(name)"
    }
  }

  /// The expectation a run's lifetime meets, or nil for one still alive at
  /// the end (a global holds it): that is no release and no leak.
  init?(_ lifetime: ObjectLifetime) {
    name = lifetime.label
    if let released = lifetime.released {
      ending = .deinitAt(released)
    } else if lifetime.leaked {
      ending = .leak
    } else {
      return nil
    }
  }

  /// `expect:` split into its events (nil when it names only lifetimes)
  /// and its lifetime items. Items are separated by commas outside strings.
  /// The events keep their offsets: each lifetime item and one comma next
  /// to it become spaces, so an error in the events points into `expect:`.
  static func split(_ expect: String) -> (events: String?, lifetimes: [LifetimeExpectation]) {
    let items = topLevelItems(expect)
    var lifetimes: [LifetimeExpectation] = []
    var blanked: [Range<String.Index>] = []
    for (position, item) in items.enumerated() {
      guard let lifetime = parse(item.trimmingWhitespace()) else { continue }
      lifetimes.append(lifetime)
      // The item with the comma before it, or for the first item the comma after it.
      var range = item.startIndex..<item.endIndex
      if position > 0 {
        range = expect.index(before: item.startIndex)..<item.endIndex
      } else if items.count > 1 {
        range = item.startIndex..<expect.index(after: item.endIndex)
      }
      blanked.append(range)
    }
    guard !lifetimes.isEmpty else { return (expect, []) }
    // Byte by byte, so two neighbouring items may share their comma.
    var bytes = Array(expect.utf8)
    for range in blanked {
      let start = expect.utf8.distance(from: expect.startIndex, to: range.lowerBound)
      let end = expect.utf8.distance(from: expect.startIndex, to: range.upperBound)
      for offset in start..<end { bytes[offset] = UInt8(ascii: " ") }
    }
    let events = String(decoding: bytes, as: UTF8.self)
    return (events.trimmingWhitespace().isEmpty ? nil : events, lifetimes)
  }

  /// `T:deinit NAME` or `leak: NAME`.
  private static func parse(_ item: String) -> LifetimeExpectation? {
    let tokens = Lexer(item).tokens.map(\.kind).filter { $0 != .endOfInput }
    switch tokens.count {
    case 3:
      guard tokens[0].identifier == "leak", tokens[1] == .colon, let name = tokens[2].identifier else { return nil }
      return LifetimeExpectation(name: name, ending: .leak)
    case 4:
      guard case .time(let interval) = tokens[0], tokens[1] == .colon, tokens[2].identifier == "deinit",
        let name = tokens[3].identifier
      else { return nil }
      return LifetimeExpectation(name: name, ending: .deinitAt(VirtualTime.zero.advanced(by: interval)))
    default:
      return nil
    }
  }

  /// The comma-separated items of `text`, commas inside strings and
  /// brackets left alone.
  private static func topLevelItems(_ text: String) -> [Substring] {
    var items: [Substring] = []
    var start = text.startIndex
    var depth = 0
    var strings = StringLiteralTracker()
    for index in text.indices {
      let character = text[index]
      if strings.isInString(character) { continue }
      switch character {
      case "(", "[", "{": depth += 1
      case ")", "]", "}": depth -= 1
      case "," where depth == 0:
        items.append(text[start..<index])
        start = text.index(after: index)
      default: break
      }
    }
    items.append(text[start...])
    return items
  }

  /// The first way `lifetimes` (an answer's run) differs from what is
  /// expected, in words; nil when every expected object ended as expected.
  static func firstDifference(expected: [LifetimeExpectation], actual lifetimes: [ObjectLifetime]) -> String? {
    for expectation in expected {
      let found = lifetimes.first { $0.label == expectation.name || $0.typeName == expectation.name }
      guard let found else {
        return "expected \(expectation.name) to \(expectation.verb), but the answer makes no object called "
          + "\(expectation.name) that holds a subscription"
      }
      let actual: String
      if let released = found.released {
        if case .deinitAt(let time) = expectation.ending, time == released { continue }
        actual = "it was released at \(released)"
      } else if found.leaked {
        if expectation.ending == .leak { continue }
        actual = "it leaked: something it holds keeps it alive"
      } else {
        actual = "it was still alive at the end"
      }
      return "expected \(expectation.name) to \(expectation.verb), but \(actual)"
    }
    return nil
  }

  private var verb: String {
    switch ending {
    case .deinitAt(let time): return "be released (deinit) at \(time)"
    case .leak: return "leak (never be released)"
    }
  }
}
