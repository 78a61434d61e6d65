#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ends the process with `status`, flushing standard output first: the C
/// library's `exit`, named so that inside a `ParsableCommand` (whose static
/// `exit(withError:)` hides the global one) it needs no module prefix. It
/// was `Foundation.exit`, but the `streamlab` executable links no full
/// Foundation (docs/benchmarks.md, "Start-up").
public func exitProcess(_ status: Int32) -> Never {
  exit(status)
}
