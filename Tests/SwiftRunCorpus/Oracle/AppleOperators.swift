import OpenCombine
import StreamCore

// Where OpenCombine 0.14.0 differs from Apple's Combine, a snippet gets
// Apple's behaviour, from the same StreamCore operators streamlab uses (each
// documents the difference): `prefix(_:)` finishes with its last element,
// not when one more arrives; `zip` hands its subscription downstream first
// (and OpenCombine's `Publishers.Zip` traps, reading an `unowned` parent that
// is gone, when its inputs deliver after the statement that subscribed: so
// the corpus zips with the method, never `Publishers.Zip(a, b)`).
//
// Swift finds OpenCombine's `prefix` and `zip` on every publisher, and one
// more on `Publisher` would be ambiguous with them; a method of a concrete
// type ranks above a protocol extension's, so these are declared on the
// publishers the corpus calls them on.

extension Publishers.Autoconnect {
  func prefix(_ maxLength: Int) -> Publishers.ExactOutput<Publishers.Autoconnect<Upstream>> { exactPrefix(maxLength) }
}

extension Publishers.Map {
  func prefix(_ maxLength: Int) -> Publishers.ExactOutput<Self> { exactPrefix(maxLength) }
}

extension Publishers.Delay {
  func zip<P: Publisher>(_ other: P) -> Publishers.ExactZip<Self, P> where P.Failure == Failure { exactZip(other) }
}

extension Just {
  func zip<P: Publisher>(_ other: P) -> Publishers.ExactZip<Just, P> where P.Failure == Failure { exactZip(other) }
}

extension PassthroughSubject {
  func prefix(_ maxLength: Int) -> Publishers.ExactOutput<PassthroughSubject> { exactPrefix(maxLength) }

  func zip<P: Publisher>(_ other: P) -> Publishers.ExactZip<PassthroughSubject, P> where P.Failure == Failure {
    exactZip(other)
  }
}

extension CurrentValueSubject {
  func prefix(_ maxLength: Int) -> Publishers.ExactOutput<CurrentValueSubject> { exactPrefix(maxLength) }

  func zip<P: Publisher>(_ other: P) -> Publishers.ExactZip<CurrentValueSubject, P> where P.Failure == Failure {
    exactZip(other)
  }
}

extension AnyPublisher {
  func prefix(_ maxLength: Int) -> Publishers.ExactOutput<AnyPublisher> { exactPrefix(maxLength) }

  func zip<P: Publisher>(_ other: P) -> Publishers.ExactZip<AnyPublisher, P> where P.Failure == Failure {
    exactZip(other)
  }
}
