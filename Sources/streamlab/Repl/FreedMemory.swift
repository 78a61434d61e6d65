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

  static func returnToSystem() {
    _ = trim?(0)
  }
}
