#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A thread of the C library's running one closure.
///
/// streamlab starts threads without Foundation (whose `Thread` only the full
/// Foundation has, README "Start-up") and without Dispatch: the programs'
/// large stacks (`LargeStack`) and the event list's second writer
/// (`ChunkedWriting` in Marbles).
public enum SystemThread {
  /// Starts `work` on a new thread with a stack of `stackSize` bytes (pages
  /// are committed only as they are touched); nil when no thread could be
  /// started. The caller must `join` or `detach` the thread.
  public static func start(stackSize: Int, _ work: @escaping () -> Void) -> pthread_t? {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackSize)
    let context = Unmanaged.passRetained(Work(work)).toOpaque()
    #if canImport(Glibc)
      var thread = pthread_t()
    #else
      var thread: pthread_t?
    #endif
    let status = pthread_create(
      &thread, &attributes,
      { context in
        Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().work()
        return nil
      }, context)
    guard status == 0 else {
      Unmanaged<Work>.fromOpaque(context).release()
      return nil
    }
    #if canImport(Glibc)
      return thread
    #else
      return thread!
    #endif
  }

  /// Waits for `thread` to end.
  public static func join(_ thread: pthread_t) {
    pthread_join(thread, nil)
  }

  /// Lets `thread` end on its own; nobody waits for it.
  public static func detach(_ thread: pthread_t) {
    pthread_detach(thread)
  }

  /// The stack of the threads programs run and are drawn on (`LargeStack`,
  /// whose page says why): a thread that formats their values gets as much
  /// room, since describing a deeply nested value recurses.
  public static let largeStackSize = 512 << 20

  /// The closure handed to the new thread; a class so a C thread entry can
  /// carry it as one pointer.
  private final class Work {
    let work: () -> Void

    init(_ work: @escaping () -> Void) { self.work = work }
  }
}
