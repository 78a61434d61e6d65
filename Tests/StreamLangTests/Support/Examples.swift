/// The programs DSL.md marks **must run**, exactly as written there.
enum Examples {
  static let mustRun: [String] = [
    "just 1,2,3 | map x*2 | debounce 300ms",
    "range 1...5 | filter x % 2 == 0",
    "fail \"boom\" | replaceError 0",
    "interval 100ms | take 5",
    "timer 500ms | map x + 1",
    "marbles \"-1-2-3|\" frame 50ms | scan 0, acc + x",
    "events 0ms:\"i\", 100ms:\"ip\", 450ms:\"iph\", 900ms:| | debounce 300ms",
    "let s = subject 100ms:1, 250ms:2, 400ms:|; s; s @200ms",
    "let c = current 0, 100ms:1; c @50ms; c @200ms",
    "let f = future 200ms 42; f @300ms",
    """
    let a = marbles "-a---b-|"; let b = marbles "--1-2---|"; a | merge b; a | zip b; a | combineLatest b
    """,
    """
    let q = events 0ms:"ipad", 100ms:"iphone", 400ms:|
    q | map { x in { just x + "!" | delay x.count * 100ms } } | switchToLatest
    q | flatMap { just $0 | delay 300ms }
    """,
    "marbles \"-1-2-#\" | retry 1",
    "interval 100ms | take 5 | throttle 250ms latest: false",
    "let s = interval 100ms | take 4 | share; s; s @250ms",
  ]
}
