#if canImport(Glibc)
  import Glibc
#endif

/// After each input the playground hands the memory its runs freed back to
/// the system. glibc's malloc keeps freed pages for reuse, so without this a
/// playground that ran a million-event pipeline stays at the run's high-water
/// mark (hundreds of megabytes) though it holds only the last run's
/// recording (about 16 bytes an event): the resident size should say what the
/// playground keeps.
enum FreedMemory {
  /// glibc's `malloc_trim`, which Swift's Glibc module does not import
  /// (it is declared in `malloc.h`): looked up once, nil on other C libraries.
  private static let trim: (@convention(c) (Int) -> Int32)? = {
    #if canImport(Glibc)
      // A nil handle is RTLD_DEFAULT: the process's own symbols.
      guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
      return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    #else
      return nil
    #endif
  }()

  /// glibc's `pthread_getattr_np`, a GNU extension Swift's Glibc module does
  /// not import: looked up once, as `trim` is.
  private static let threadAttributes: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32)? = {
    #if canImport(Glibc)
      guard let symbol = dlsym(nil, "pthread_getattr_np") else { return nil }
      return unsafeBitCast(
        symbol, to: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32).self)
    #else
      return nil
    #endif
  }()

  static func returnToSystem() {
    _ = trim?(0)
    releaseStackBelowHere()
  }

  /// How much of the stack below the caller is kept: the frames a call
  /// from here makes without faulting pages in again.
  private static let keptBelow = 256 << 10

  /// Hands back the pages of this thread's stack below the caller's frame.
  ///
  /// The playground reads and runs every input on one `LargeStack` thread
  /// (512 MB, committed only as touched). A deep program touches much of
  /// it: 10,000 chained bindings build, subscribe and tear down 10,000
  /// stages deep, 36 MB of stack, and a thread keeps the pages it touched
  /// until it ends, which this one does not: after `:clear` the playground
  /// still held them. Nothing lives below the caller's frame between two
  /// inputs, and a page handed back reads as zeros when it is touched again.
  private static func releaseStackBelowHere() {
    #if canImport(Glibc)
      var attributes = pthread_attr_t()
      guard let threadAttributes, threadAttributes(pthread_self(), &attributes) == 0 else { return }
      defer { pthread_attr_destroy(&attributes) }
      var lowest: UnsafeMutableRawPointer?
      var size = 0
      guard pthread_attr_getstack(&attributes, &lowest, &size) == 0, let lowest else { return }
      var marker = 0
      let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
      let low = UInt(bitPattern: lowest)
      let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
      guard here > low + UInt(keptBelow) + page, here < low + UInt(size) else { return }
      let end = (here - UInt(keptBelow)) & ~(page - 1)
      madvise(lowest, Int(end - low), MADV_DONTNEED)
    #endif
  }
}
