import StreamCore
import Testing

@testable import StreamLang

/// One behaviour a student will see: a program and what each of its
/// pipelines' subscribers receives, worked out by hand from Combine's rules.
struct Behaviour: CustomTestStringConvertible, Sendable {
  let program: String
  /// One compact output row per shown pipeline, in program order.
  let outputs: [String]
  let rule: String

  /// A program with one shown pipeline.
  init(_ program: String, _ output: String, _ rule: String) {
    self.init(program, [output], rule)
  }

  init(_ program: String, _ outputs: [String], _ rule: String) {
    self.program = program
    self.outputs = outputs
    self.rule = rule
  }

  var testDescription: String { rule }
}

@Suite struct OperatorSemanticsTests {
  static let sources: [Behaviour] = [
    .init("just 1,2,3", "0ms 1, 0ms 2, 0ms 3, 0ms |", "just with several values is a sequence publisher"),
    .init("just 7", "0ms 7, 0ms |", "just with one value is Just"),
    .init("range 1...3", "0ms 1, 0ms 2, 0ms 3, 0ms |", "a closed range includes its end"),
    .init("range 1..<3", "0ms 1, 0ms 2, 0ms |", "a half-open range stops before its end"),
    .init("empty", "0ms |", "Empty finishes at once"),
    .init("never", "", "Empty(completeImmediately: false) never finishes"),
    .init("fail \"boom\"", "0ms #\"boom\"", "Fail fails at once"),
    .init(
      "interval 100ms | take 3", "100ms 0, 200ms 1, 300ms 2, 300ms |",
      "interval counts from 0, first tick after one period; take finishes with its last value"),
    .init("timer 500ms | map x + 1", "500ms 1, 500ms |", "timer sends 0 once, then finishes"),
    .init(
      "marbles \"-1-2-3|\" frame 50ms | scan 0, acc + x", "50ms 1, 150ms 3, 250ms 6, 300ms |",
      "a marble frame can be set"),
    .init(
      "marbles \"-a-(bc)-|\"", "100ms \"a\", 300ms \"b\", 300ms \"c\", 500ms |", "a group is one instant and one frame"),
    .init(
      "events 0ms:\"i\", 100ms:\"ip\", 900ms:|", "0ms \"i\", 100ms \"ip\", 900ms |",
      "events are relative to the subscription"),
    .init("events 0ms:1, 200ms:#\"down\"", "0ms 1, 200ms #\"down\"", "events can fail with a message"),
    .init("events 100ms:1, 300ms:| @200ms", "300ms 1, 500ms |", "a cold source starts at its subscription"),
    .init(
      "let s = subject 100ms:1, 250ms:2, 400ms:|; s; s @200ms", ["100ms 1, 250ms 2, 400ms |", "250ms 2, 400ms |"],
      "a late subscriber to a subject misses earlier sends"),
    .init(
      "let s = subject 100ms:1, 250ms:2, 400ms:|; s @250ms", "250ms 2, 400ms |",
      "a subscriber arriving at the instant of a send gets it"),
    .init(
      "let c = current 0, 100ms:1; c @50ms", "50ms 0, 100ms 1",
      "CurrentValueSubject gives a new subscriber its current value"),
    .init("let c = current 0, 100ms:1; c @200ms", "200ms 1", "CurrentValueSubject's current value is the last send"),
    .init("let f = future 200ms 42; f @300ms", "300ms 42, 300ms |", "Future is eager and replays its result"),
    .init(
      "let d = deferred { future 200ms 42 }; d @300ms", "500ms 42, 500ms |",
      "Deferred creates the Future per subscription"),
    .init(
      "interval 100ms @250ms..600ms", "350ms 0, 450ms 1, 550ms 2, 600ms !",
      "a subscriber can subscribe late and cancel"),
  ]

  static let transforming: [Behaviour] = [
    .init("just 1,2,3 | map x*2", "0ms 2, 0ms 4, 0ms 6, 0ms |", "map transforms each value"),
    .init("just 1,2,3 | map $0 * 10", "0ms 10, 0ms 20, 0ms 30, 0ms |", "$0 names the element"),
    .init(
      "just 1,2,3 | tryMap x == 2 ? fail(\"two\") : x", "0ms 1, 0ms #\"two\"",
      "tryMap turns a thrown error into a failure"),
    .init("just \"1\",\"a\",\"3\" | compactMap Int(x)", "0ms 1, 0ms 3, 0ms |", "compactMap drops nil"),
    .init("range 1...4 | scan 0, acc + x", "0ms 1, 0ms 3, 0ms 6, 0ms 10, 0ms |", "scan emits every running total"),
    .init("range 1...4 | reduce 0, acc + x", "0ms 10, 0ms |", "reduce emits only the final total"),
    .init(
      "just \"1\",\"a\",\"3\" | tryCompactMap x == \"a\" ? fail(\"bad\") : Int(x)", "0ms 1, 0ms #\"bad\"",
      "tryCompactMap turns a thrown error into a failure"),
    .init(
      "range 1...4 | tryScan 0, x == 3 ? fail(\"three\") : acc + x", "0ms 1, 0ms 3, 0ms #\"three\"",
      "tryScan fails at the element whose closure throws"),
    .init(
      "range 1...4 | tryReduce 0, x == 3 ? fail(\"three\") : acc + x", "0ms #\"three\"",
      "tryReduce fails without sending its partial result"),
    .init(
      "just 1,2 | flatMap { just x | delay x * 100ms }", "100ms 1, 200ms 2, 200ms |",
      "flatMap merges inner streams and finishes after the last"),
    .init(
      "just 1,2 | flatMap max 1 { just x | delay 100ms }", "100ms 1, 200ms 2, 200ms |",
      "flatMap max 1 subscribes to one inner stream at a time"),
    .init(
      "just 1,2 | flatMap { just x | delay 100ms }", "100ms 1, 100ms 2, 100ms |",
      "flatMap without a limit runs inner streams at once"),
    .init(
      "events 0ms:1, 100ms:2, 300ms:| | map { just x | delay 150ms } | switchToLatest", "250ms 2, 300ms |",
      "switchToLatest cancels the previous inner stream"),
    .init("just 1,2,3 | collect", "0ms [1, 2, 3], 0ms |", "collect gathers everything until completion"),
    .init(
      "range 1...5 | collect 2", "0ms [1, 2], 0ms [3, 4], 0ms [5], 0ms |",
      "collect by count emits the remainder at completion"),
    .init(
      "events 50ms:1, 120ms:2, 380ms:3, 420ms:4, 500ms:| | collect 200ms",
      "200ms [1, 2], 400ms [3], 500ms [4], 500ms |",
      "collect by time emits each window"),
    .init(
      "events 50ms:1, 120ms:2, 150ms:3, 200ms:| | collect 300ms or 2", "120ms [1, 2], 200ms [3], 200ms |",
      "collect by time or count emits when the count is reached"),
  ]

  static let filtering: [Behaviour] = [
    .init("range 1...5 | filter x % 2 == 0", "0ms 2, 0ms 4, 0ms |", "filter keeps matching values"),
    .init(
      "just 1,1,2,2,1 | removeDuplicates", "0ms 1, 0ms 2, 0ms 1, 0ms |",
      "removeDuplicates drops consecutive repeats only"),
    .init("just 1,2,3 | first", "0ms 1, 0ms |", "first finishes after one value"),
    .init("just 1,2,3 | first where x > 1", "0ms 2, 0ms |", "first where finds the first match"),
    .init("just 1,2,3 | last", "0ms 3, 0ms |", "last waits for completion"),
    .init("just 1,2,3 | last where x < 3", "0ms 2, 0ms |", "last where keeps the last match"),
    .init("range 1...5 | prefix 3", "0ms 1, 0ms 2, 0ms 3, 0ms |", "prefix finishes after n values"),
    .init("range 1...5 | take 2", "0ms 1, 0ms 2, 0ms |", "take is an alias of prefix"),
    .init("range 1...5 | prefix while x < 3", "0ms 1, 0ms 2, 0ms |", "prefix while finishes at the first miss"),
    .init("range 1...5 | dropFirst 2", "0ms 3, 0ms 4, 0ms 5, 0ms |", "dropFirst skips n values"),
    .init("range 1...5 | drop while x < 3", "0ms 3, 0ms 4, 0ms 5, 0ms |", "drop while skips until the first miss"),
    .init("just \"a\",\"b\",\"c\" | output at 1", "0ms \"b\", 0ms |", "output at counts from 0"),
    .init("just 1,2 | ignoreOutput", "0ms |", "ignoreOutput passes only completion"),
    .init(
      "range 1...5 | tryFilter x == 4 ? fail(\"four\") : x % 2 == 0", "0ms 2, 0ms #\"four\"",
      "tryFilter fails at the element whose condition throws"),
    .init("just 1,2,3 | tryFirst where x > 1", "0ms 2, 0ms |", "tryFirst where finds the first match"),
    .init(
      "just 1,2,3 | tryLast where x == 2 ? fail(\"two\") : x > 0", "0ms #\"two\"",
      "tryLast where fails at once when its condition throws"),
    .init("range 1...5 | tryPrefix while x < 3", "0ms 1, 0ms 2, 0ms |", "tryPrefix while finishes at the first miss"),
    .init(
      "range 1...5 | tryDrop while x < 3", "0ms 3, 0ms 4, 0ms 5, 0ms |", "tryDrop while skips until the first miss"),
  ]

  static let timing: [Behaviour] = [
    .init(
      "events 0ms:\"i\", 100ms:\"ip\", 450ms:\"iph\", 900ms:| | debounce 300ms",
      "400ms \"ip\", 750ms \"iph\", 900ms |", "debounce waits for silence"),
    .init("just 1,2,3 | map x*2 | debounce 300ms", "0ms |", "debounce drops a pending value when upstream finishes"),
    .init(
      "interval 100ms | take 5 | throttle 250ms", "100ms 0, 350ms 2, 600ms 4, 600ms |",
      "throttle emits the first value at once, then the latest of each window"),
    .init(
      "interval 100ms | take 5 | throttle 250ms latest: false", "100ms 0, 350ms 1, 600ms 3, 600ms |",
      "throttle latest: false keeps the first value of a window"),
    .init("just 1,2 | delay 200ms", "200ms 1, 200ms 2, 200ms |", "delay shifts values and completion"),
    .init("events 0ms:1, 700ms:2 | timeout 500ms", "0ms 1, 500ms |", "timeout without an error finishes"),
    .init(
      "events 0ms:1, 700ms:2 | timeout 500ms fail \"slow\"", "0ms 1, 500ms #\"slow\"",
      "timeout with an error fails"),
    // The fuzzer's hang: OpenCombine's repeating timeout timer was never cancelled.
    .init("events 900ms:1 | timeout 0ms", "0ms |", "timeout 0ms finishes at once and the run ends"),
    .init(
      "events 100ms:1, 350ms:2, 400ms:| | measureInterval", "100ms 100ms, 350ms 250ms, 400ms |",
      "measureInterval measures from the subscription, then between values"),
  ]

  static let combining: [Behaviour] = [
    .init(
      "let a = marbles \"-7---8-|\"; let b = marbles \"--1-2---|\"; a | merge b",
      "100ms 7, 200ms 1, 400ms 2, 500ms 8, 800ms |", "merge interleaves and finishes when all finish"),
    .init(
      "let a = marbles \"-a---b-|\"; let b = marbles \"--1-2---|\"; a | zip b",
      "200ms (\"a\", 1), 500ms (\"b\", 2), 700ms |", "zip pairs first in, first out and finishes with the first input"),
    .init(
      "let a = marbles \"-a---b-|\"; let b = marbles \"--1-2---|\"; a | combineLatest b",
      "200ms (\"a\", 1), 400ms (\"a\", 2), 500ms (\"b\", 2), 800ms |",
      "combineLatest waits for every input, then emits on each"),
    .init(
      "let a = marbles \"-1--2|\"; let b = marbles \"--3|\"; a | combineLatest b { p, q in p + q }",
      "200ms 4, 400ms 5, 500ms |", "combineLatest with a transform"),
    .init("just 1,2 | append 3,4", "0ms 1, 0ms 2, 0ms 3, 0ms 4, 0ms |", "append adds values after completion"),
    .init("just 1 | append { timer 100ms }", "0ms 1, 100ms 0, 100ms |", "append a stream subscribes after completion"),
    .init("timer 100ms | prepend 9", "0ms 9, 100ms 0, 100ms |", "prepend sends first"),
  ]

  static let errors: [Behaviour] = [
    .init("fail \"boom\" | replaceError 0", "0ms 0, 0ms |", "replaceError swaps the failure for a value and finishes"),
    .init("marbles \"-1-#\" | catch { just 9 }", "100ms 1, 300ms 9, 300ms |", "catch switches to the fallback"),
    .init(
      "events 100ms:1, 200ms:# | retry 1", "100ms 1, 300ms 1, 400ms #\"error\"",
      "retry resubscribes, then lets the failure through"),
    .init("fail \"boom\" | mapError x + \"!\"", "0ms #\"boom!\"", "mapError changes the failure"),
    .init("empty | replaceEmpty 7", "0ms 7, 0ms |", "replaceEmpty fills an empty stream"),
  ]

  static let sharing: [Behaviour] = [
    .init(
      "let s = interval 100ms | take 4 | share; s; s @250ms",
      ["100ms 0, 200ms 1, 300ms 2, 400ms 3, 400ms |", "300ms 2, 400ms 3, 400ms |"],
      "share gives a late subscriber only later values"),
    .init(
      "let t = interval 100ms | take 2; t; t @250ms", ["100ms 0, 200ms 1, 200ms |", "350ms 0, 450ms 1, 450ms |"],
      "without share each subscriber starts its own timer"),
    .init(
      "let m = marbles \"-1-2|\" | multicast; m; m @250ms; connect m @200ms",
      ["300ms 1, 500ms 2, 600ms |", "300ms 1, 500ms 2, 600ms |"],
      "multicast starts at connect and shares with every subscriber"),
  ]

  /// DSL.md's "more" row and the `published` source: Combine's buffer, the
  /// untilOutputFrom pair, tryCatch, removeDuplicates(by:), makeConnectable
  /// and autoconnect, and an `@Published` property.
  static let more: [Behaviour] = [
    // buffer: flatMap max 1 asks for one value at a time, so the buffer fills
    // while each inner stream runs for 100ms. The source sends 1 at 0ms (taken
    // at once), 2, 3 and 4 at 10, 20 and 30ms into two places, and finishes at
    // 40ms; the finish waits for the buffer to empty.
    .init(
      "events 0ms:1, 10ms:2, 20ms:3, 30ms:4, 40ms:| | buffer 2 whenFull: dropOldest | flatMap max 1 { just x | delay 100ms }",
      "100ms 1, 200ms 3, 300ms 4, 300ms |", "buffer whenFull: dropOldest makes room for 4 by dropping 2"),
    .init(
      "events 0ms:1, 10ms:2, 20ms:3, 30ms:4, 40ms:| | buffer 2 whenFull: dropNewest | flatMap max 1 { just x | delay 100ms }",
      "100ms 1, 200ms 2, 300ms 3, 300ms |", "buffer whenFull: dropNewest drops 4, which found the buffer full"),
    .init(
      "events 0ms:1, 10ms:2, 20ms:3, 30ms:4, 40ms:| | buffer 2 whenFull: fail \"full\" | flatMap max 1 { just x | delay 100ms }",
      "100ms 1, 100ms #\"full\"",
      "buffer whenFull: fail fails when 4 finds it full; the failure goes out at the next request, after the 2 it asked for"
    ),
    .init(
      "events 0ms:1, 10ms:2, 20ms:3, 30ms:4, 40ms:| | buffer 2 prefetch: keepFull | flatMap max 1 { just x | delay 100ms }",
      "100ms 1, 200ms 2, 300ms 3, 300ms |",
      "buffer prefetch: keepFull asks for 2, then one more per value handed on: 4 finds no demand and the source drops it"
    ),
    // values each: a `for await` loop over `.values` whose body sleeps. The
    // times are swiftc's: the same loop pasted as Swift, compiled against
    // OpenCombine with its tasks on the oracle's virtual clock
    // (SwiftRunCorpus `Truth/84-values-drop-while-busy.txt`: got 1 at 100ms, got 4 at
    // 400ms, loop ended at 900ms; `Truth/85-values-buffer-saves.txt` with the buffer).
    .init(
      "let s = subject 100ms:1, 200ms:2, 300ms:3, 400ms:4, 500ms:5, 600ms:6, 900ms:|; s | values each 250ms",
      "100ms 1, 400ms 4, 900ms |", "values asks for one value at a time: the subject drops what it sends meanwhile"),
    .init(
      "let s = subject 100ms:1, 200ms:2, 300ms:3, 400ms:4, 500ms:5, 600ms:6, 900ms:|; "
        + "s | buffer 10 prefetch: byRequest whenFull: dropOldest | values each 250ms",
      "100ms 1, 350ms 2, 600ms 3, 850ms 4, 1100ms 5, 1350ms 6, 1600ms |",
      "a buffer in front of values keeps what the busy loop has not asked for"),
    .init(
      "just 1,2,3 | buffer 2", "0ms 2, 0ms 3, 0ms |",
      "buffer asks upstream before its subscriber has asked for anything: a sequence fills it at once, dropping 1"),
    .init(
      "just 1,2 | tryMap fail(\"x\") | buffer 2", "0ms #\"x\"",
      "a failure while buffer asks upstream for the first time comes after the subscription"),
    // prefix/drop untilOutputFrom: the trigger is asked for one value.
    .init(
      "interval 100ms | prefix untilOutputFrom { timer 350ms }", "100ms 0, 200ms 1, 300ms 2, 350ms |",
      "prefix untilOutputFrom finishes when the other stream sends"),
    .init(
      "interval 100ms | prefix untilOutputFrom { just 1 }", "0ms |",
      "prefix untilOutputFrom a stream that sends at once finishes at once, after the subscription"),
    .init(
      "interval 100ms | prefix untilOutputFrom { empty } | take 2", "100ms 0, 200ms 1, 200ms |",
      "a trigger that finishes without a value never ends prefix untilOutputFrom"),
    .init(
      "interval 100ms | drop untilOutputFrom { timer 250ms } | take 2", "300ms 2, 400ms 3, 400ms |",
      "drop untilOutputFrom lets values through once the other stream has sent"),
    .init(
      "marbles \"-a-b-c|\" | drop untilOutputFrom { marbles \"--x|\" }", "300ms \"b\", 500ms \"c\", 600ms |",
      "drop untilOutputFrom drops what comes before the trigger's value"),
    .init(
      "just 1,2 | drop untilOutputFrom { empty }", "0ms |",
      "drop untilOutputFrom ends once when the other stream finishes without a value"),
    // drop(untilOutputFrom:) needs both to fail alike: `tryMap x` makes the upstream's Failure Error.
    .init(
      "marbles \"-a---b|\" | tryMap x | drop untilOutputFrom { events 50ms:#\"down\" }", "50ms #\"down\"",
      "drop untilOutputFrom fails with the other stream's failure"),
    // tryCatch: the closure sees the failure's message and may fail itself.
    .init("fail \"x\" | tryCatch { just 2 }", "0ms 2, 0ms |", "tryCatch replaces a failure with a stream"),
    .init(
      "fail \"x\" | tryCatch { e in e == \"x\" ? fail(\"again: \" + e) : { just 0 } }", "0ms #\"again: x\"",
      "tryCatch's closure may fail, and that failure goes downstream"),
    .init(
      "marbles \"-1-#\" | tryCatch { marbles \"-9|\" }", "100ms 1, 400ms 9, 500ms |",
      "tryCatch subscribes to the fallback when the failure comes"),
    // removeDuplicates by: compares each value with the previous one received.
    .init(
      "just 1, 2, 12, 3, 13 | removeDuplicates by { a, b in a % 10 == b % 10 }", "0ms 1, 0ms 2, 0ms 3, 0ms |",
      "removeDuplicates by drops a value the closure calls equal to the previous one"),
    .init(
      "just 1, 11, 21 | removeDuplicates by { a, b in b - a == 10 }", "0ms 1, 0ms |",
      "removeDuplicates by compares with the previous value received, even a dropped one"),
    // makeConnectable waits for connect; autoconnect connects at the first subscription.
    .init(
      "let m = interval 100ms | take 3 | makeConnectable; m; m @150ms; connect m @100ms",
      ["200ms 0, 300ms 1, 400ms 2, 400ms |", "200ms 0, 300ms 1, 400ms 2, 400ms |"],
      "makeConnectable shares and starts at connect"),
    .init(
      "let t = interval 100ms | take 3 | makeConnectable | autoconnect; t; t @150ms",
      ["100ms 0, 200ms 1, 300ms 2, 300ms |", "200ms 1, 300ms 2, 300ms |"],
      "autoconnect connects at the first subscription and shares"),
    .init(
      "let t = interval 100ms | makeConnectable | autoconnect; t @..250ms; t | take 1 @300ms",
      ["100ms 0, 200ms 1, 250ms !", "400ms 0, 400ms |"],
      "autoconnect disconnects when its last subscriber cancels, and connects again for the next"),
    .init(
      "let t = interval 100ms | take 2 | multicast | autoconnect; t", "100ms 0, 200ms 1, 200ms |",
      "multicast | autoconnect is makeConnectable | autoconnect"),
    // published: an @Published var.
    .init(
      "let p = published 0, 100ms:1, 300ms:2; p @50ms; p @200ms", ["50ms 0, 100ms 1, 300ms 2", "200ms 1, 300ms 2"],
      "published gives a new subscriber the value it holds, then each assignment, and never finishes"),
    .init(
      "let p = published \"a\", 100ms:\"b\"; p | dropFirst", "100ms \"b\"",
      "published | dropFirst skips the value replayed at subscription"),
  ]

  static let aggregates: [Behaviour] = [
    .init("just 1,2,3 | count", "0ms 3, 0ms |", "count counts at completion"),
    .init("just 3,1,2 | min", "0ms 1, 0ms |", "min"),
    .init("just 3,1,2 | max", "0ms 3, 0ms |", "max"),
    .init("just 1,2,3 | contains 2", "0ms true, 0ms |", "contains finishes as soon as it finds the value"),
    .init("just 1,2,3 | allSatisfy x > 0", "0ms true, 0ms |", "allSatisfy"),
    .init("just 1,2,3 | allSatisfy x > 1", "0ms false, 0ms |", "allSatisfy finishes at the first miss"),
    .init(
      "just 1,2,3 | tryAllSatisfy x == 2 ? fail(\"two\") : x > 0", "0ms #\"two\"",
      "tryAllSatisfy fails when its condition throws"),
  ]

  static let schedulers: [Behaviour] = [
    .init(
      "just 1,2,3 | merge { just 9 }", "0ms 1, 0ms 2, 0ms 3, 0ms 9, 0ms |",
      "without a hop merge passes a synchronous upstream's values first"),
    .init(
      "just 1,2,3 | receive on main | merge { just 9 }", "0ms 9, 0ms 1, 0ms 2, 0ms 3, 0ms |",
      "receive on queues each delivery behind what is already due: merge's just 9 overtakes"),
    .init(
      "just 1,2 | subscribe on DispatchQueue.main | merge { just 9 }", "0ms 9, 0ms 1, 0ms 2, 0ms |",
      "subscribe on queues the subscription, so the other input of merge sends first"),
    .init(
      "let s = subject 0ms:1, 100ms:2, 200ms:|; s | subscribe on main", "100ms 2, 200ms |",
      "subscribe on subscribes after the subject's send at the same instant, which is missed"),
    .init(
      "let s = subject 0ms:1, 100ms:2, 200ms:|; s | receive on main", "0ms 1, 100ms 2, 200ms |",
      "receive on subscribes at once, so a subject's send at that instant arrives"),
    .init(
      "just 1,2,3 | receive on ImmediateScheduler.shared | merge { just 9 }", "0ms 1, 0ms 2, 0ms 3, 0ms 9, 0ms |",
      "ImmediateScheduler runs at once: no hop"),
    .init(
      "interval 100ms | receive on RunLoop.main | take 2", "100ms 0, 200ms 1, 200ms |",
      "a hop is never a delay: every scheduler is the one virtual clock"),
    .init(
      "just 1,2,3 | receive on background | prefix 1", "0ms 1, 0ms |",
      "values queued by receive on after a cancel are never delivered"),
  ]

  static let debugging: [Behaviour] = [
    .init("just 1,2 | print \"tap\"", "0ms 1, 0ms 2, 0ms |", "print passes every event through unchanged"),
    .init("fail \"boom\" | print", "0ms #\"boom\"", "print passes a failure through"),
    .init(
      "events 0ms:1, 100ms:2, 200ms:| | handleEvents output: x * 10", "0ms 1, 100ms 2, 200ms |",
      "handleEvents passes every event through; its expressions only log"),
    .init(
      "interval 100ms | handleEvents cancel: \"c\", request: x | take 2", "100ms 0, 200ms 1, 200ms |",
      "handleEvents passes demand and cancel upstream"),
  ]

  // Pass-through stages: what they change is the Swift type only.
  static let typesOnly: [Behaviour] = [
    .init(
      "just 1,2,3 | eraseToAnyPublisher", "0ms 1, 0ms 2, 0ms 3, 0ms |", "eraseToAnyPublisher passes values through"),
    .init(
      "events 0ms:1, 200ms:#\"down\" | eraseToAnyPublisher", "0ms 1, 200ms #\"down\"",
      "eraseToAnyPublisher passes a failure through"),
    .init(
      "interval 100ms | setFailureType | take 2", "100ms 0, 200ms 1, 200ms |",
      "setFailureType passes values and the cancel of take through"),
    .init(
      "just 1 | setFailureType | merge { events 100ms:2, 200ms:#\"x\" }", "0ms 1, 100ms 2, 200ms #\"x\"",
      "setFailureType lets a stream that cannot fail meet one that can"),
    .init(
      "events 0ms:1, 100ms:2, 200ms:| | assertNoFailure", "0ms 1, 100ms 2, 200ms |",
      "assertNoFailure passes values and finished through"),
    .init(
      "just 1,2 | assertNoFailure \"check\" | take 1", "0ms 1, 0ms |",
      "assertNoFailure passes the demand and cancel of take upstream"),
    .init("just 1, nil, 3 | replaceNil 0", "0ms 1, 0ms 0, 0ms 3, 0ms |", "replaceNil turns nil into the value"),
    .init(
      "just \"1\", \"x\" | map Int(x) | replaceNil -1", "0ms 1, 0ms -1, 0ms |",
      "replaceNil fills in where Int(x) gave nil"),
  ]

  static let all =
    sources + transforming + filtering + timing + combining + errors + sharing + aggregates + schedulers + debugging
    + typesOnly + more

  @Test(arguments: all)
  func behaviour(_ case: Behaviour) {
    #expect(outputs(of: `case`.program) == `case`.outputs, "\(`case`.program)")
  }

  @Test func runtimeErrorInMapStopsTheRunNamingStageTimeAndValue() throws {
    let (result, diagnostics) = runProgram("events 300ms:2 | map 10 / (x - 2)")
    let run = try #require(result, "\(diagnostics)")
    guard case .runtimeError(let error) = run.stop else {
      Issue.record("expected a runtime error, got \(run.stop)")
      return
    }
    #expect(error.stage == "map 10 / (x - 2)")
    #expect(error.time == .milliseconds(300))
    #expect(error.value == .int(2))
    #expect(error.message.contains("Swift stops the process here"))
    #expect(error.message.contains("`tryMap (x - 2) == 0 ? fail(\"zero\") : 10 / (x - 2)`"))
  }

  @Test func publishedExplainsItsWillSetTiming() throws {
    let (result, _) = runProgram("let p = published 0, 100ms:1; p")
    let run = try #require(result)
    #expect(run.notes.contains { $0.contains("at 100ms") && $0.contains("still held 0") })
  }

  @Test func debounceAtCompletionExplainsItself() throws {
    let (result, _) = runProgram("just 1,2,3 | map x*2 | debounce 300ms")
    let run = try #require(result)
    #expect(run.rows.count == 3)
    #expect(run.notes.contains { $0.contains("Combine's debounce drops a pending value") })
  }
}
