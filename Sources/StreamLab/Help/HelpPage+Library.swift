extension HelpPage {
  /// Every page, sources first, in the order of DSL.md's tables.
  static let library: [HelpPage] =
    sources + transforming + filtering + timing + combining + errors + sharing
    + aggregates + schedulers + debugging + typesOnly + more

  static func page(named name: String) -> HelpPage? {
    library.first { $0.name == name }
  }

  private static let sources: [HelpPage] = [
    HelpPage(
      name: "just",
      paragraph: """
        Sends its values one after another at the instant it is subscribed, then finishes. \
        Several values stand for a sequence's publisher, one value for `Just`.
        """,
      demo: "just 1,2,3"),
    HelpPage(
      name: "range",
      paragraph: "A range's publisher: every integer of the range at once, then finished.",
      demo: "range 1...5"),
    HelpPage(
      name: "empty",
      paragraph: "Finishes as soon as it is subscribed, without a value.",
      demo: "empty"),
    HelpPage(
      name: "never",
      paragraph: "Never sends and never finishes: a subscription to it stays open until cancelled.",
      demo: "never @..300ms"),
    HelpPage(
      name: "fail",
      paragraph: "Fails with its message as soon as it is subscribed.",
      demo: "fail \"boom\""),
    HelpPage(
      name: "interval",
      paragraph: """
        Counts 0, 1, 2… one value per period, the first one period after subscription, and never \
        finishes: put a `take` after it, or the run stops at the horizon. It stands for the timer \
        app code uses, `Timer.publish(every:on:in:).autoconnect()`: `Timer.publish` makes a \
        connectable publisher and `autoconnect` starts it at the first subscription \
        (`:help autoconnect`). Each `interval` here is a timer of its own, as each such \
        expression is in Swift (Timer counts dates; streamlab counts ticks).
        """,
      demo: "interval 100ms | take 4"),
    HelpPage(
      name: "timer",
      paragraph: "One value, 0, after the time, then finished.",
      demo: "timer 300ms"),
    HelpPage(
      name: "marbles",
      paragraph: """
        A cold publisher drawn as a marble string: `-` is one frame (100ms unless `frame 50ms` \
        follows), `|` finishes, `#` fails, `(ab)` is several events in one frame, any other \
        character is a value (digits become numbers). Each subscription starts its own copy.
        """,
      demo: "marbles \"-a-b--c|\""),
    HelpPage(
      name: "events",
      paragraph: """
        A cold publisher with explicit times, relative to its subscription: `T:value`, `T:|` to \
        finish, `T:#` or `T:#\"msg\"` to fail.
        """,
      demo: "events 0ms:\"i\", 100ms:\"ip\", 450ms:\"iph\", 900ms:|"),
    HelpPage(
      name: "subject",
      paragraph: """
        A `PassthroughSubject` sent to at those absolute program times. It is hot: a subscriber \
        that comes late misses what was sent before, and a send with no demand is dropped.
        """,
      demo: "let s = subject 100ms:1, 250ms:2, 400ms:|\ns\ns @200ms"),
    HelpPage(
      name: "current",
      paragraph: """
        A `CurrentValueSubject`: it holds a value, gives every new subscriber the current one at \
        once, then passes on later sends.
        """,
      demo: "let c = current 0, 100ms:1, 300ms:2\nc @50ms\nc @200ms"),
    HelpPage(
      name: "future",
      paragraph: """
        A `Future` is eager: its work starts when the program starts, not when someone subscribes, \
        and every subscriber gets the one result (late ones at once).
        """,
      demo: "let f = future 200ms 42\nf @300ms"),
    HelpPage(
      name: "deferred",
      paragraph: """
        `Deferred` builds its publisher anew for each subscription, so a `Future` inside starts \
        only when subscribed: the lazy counterpart of `future`.
        """,
      demo: "let d = deferred { future 200ms 42 }\nd @300ms"),
    HelpPage(
      name: "published",
      paragraph: """
        An `@Published var` of a class (an `ObservableObject`'s property), seen through its \
        publisher `$value`: `published 0, 100ms:1` starts holding 0 and is assigned 1 at 100ms. \
        Like a `CurrentValueSubject` it gives every new subscriber its current value at once, and \
        it never finishes or fails (so no `T:|` or `T:#`). It sends in the property's `willSet`: \
        a subscriber receives the new value before the property holds it, so code that reads the \
        property inside `sink` still sees the old one (a note after the diagram says when). Use \
        the value the sink receives. `dropFirst` skips the value replayed at subscription.
        """,
      demo: "let p = published 0, 100ms:1, 300ms:2\np @50ms\np | dropFirst @200ms"),
  ]

  private static let transforming: [HelpPage] = [
    HelpPage(
      name: "map",
      paragraph: """
        Transforms each value with the closure (`x` is the value; `$0` and `{ v in … }` work too). \
        `map` cannot fail: an error in its closure stops the run, as Swift would trap; use `tryMap` \
        and throw with `fail("…")` to make the stream fail instead.
        """,
      demo: "just 1,2,3 | map x * 10"),
    HelpPage(
      name: "tryMap",
      paragraph: """
        Like `map`, but the closure may throw: an error thrown with `fail("…")` becomes the stream's \
        failure and upstream is cancelled. A division by zero or an overflow is not thrown: it traps, \
        in `tryMap` too, and stops the run, as it stops an app; test for it and throw.
        """,
      demo: "just 4,0,2 | tryMap x == 0 ? fail(\"zero\") : 8 / x"),
    HelpPage(
      name: "compactMap",
      paragraph: "Transforms each value and drops the results that are nil.",
      demo: "just \"1\", \"a\", \"3\" | compactMap Int(x)"),
    HelpPage(
      name: "tryCompactMap",
      paragraph:
        "`compactMap` whose closure may throw; an error thrown with `fail(\"…\")` becomes the failure (a division by zero still traps).",
      demo: "just 1, 0, 2 | tryCompactMap x == 0 ? fail(\"zero\") : 4 / x"),
    HelpPage(
      name: "scan",
      paragraph: """
        Keeps a running result: starting from the initial value, each value updates it (`acc` is the \
        result so far, `x` the value) and the new result is sent at once.
        """,
      demo: "marbles \"-1-2-3|\" | scan 0, acc + x"),
    HelpPage(
      name: "tryScan",
      paragraph:
        "`scan` whose closure may throw; an error thrown with `fail(\"…\")` becomes the failure (a division by zero still traps).",
      demo: "just 1, 2, 0 | tryScan 0, x == 0 ? fail(\"zero\") : acc + 6 / x"),
    HelpPage(
      name: "reduce",
      paragraph: """
        Like `scan`, but sends only the final result, when upstream finishes. On a stream that \
        never finishes it never sends.
        """,
      demo: "marbles \"-1-2-3|\" | reduce 0, acc + x"),
    HelpPage(
      name: "tryReduce",
      paragraph:
        "`reduce` whose closure may throw; an error thrown with `fail(\"…\")` becomes the failure (a division by zero still traps).",
      demo: "just 1, 2, 0 | tryReduce 0, x == 0 ? fail(\"zero\") : acc + 6 / x"),
    HelpPage(
      name: "flatMap",
      paragraph: """
        Subscribes to a new stream for every value and merges what they all send, so results can \
        arrive out of order. Each inner stream is drawn on its own row under flatMap's, labelled \
        `↳` and the value that made it. `flatMap max 1 E` subscribes to one inner stream at a \
        time, asking upstream for the next value only when it ends: each row's `^` starts where \
        the one before ended.
        """,
      demo: "marbles \"-a--b|\" | flatMap { just x + \"!\" | delay 250ms }"),
    HelpPage(
      name: "switchToLatest",
      paragraph: """
        For a stream of streams: follows only the latest inner stream and cancels the previous one, \
        so a stale slow answer can never overwrite a newer one. The inner rows show it: `↳ "ipad"` \
        ends in `!` at 100ms, when `↳ "iphone"` is subscribed (`^`).
        """,
      demo: """
        let q = events 0ms:"ipad", 100ms:"iphone", 400ms:|
        q | map { x in { just x + "!" | delay x.count * 100ms } } | switchToLatest
        """),
    HelpPage(
      name: "collect",
      paragraph: """
        Gathers values into arrays: all of them at completion (`collect`), every N (`collect 3`), \
        every time window (`collect 300ms`), or whichever comes first (`collect 300ms or 3`).
        """,
      demo: "marbles \"-1-2-3-4-5|\" | collect 2"),
  ]

  private static let filtering: [HelpPage] = [
    HelpPage(
      name: "filter",
      paragraph: "Lets through only the values for which the condition is true.",
      demo: "range 1...6 | filter x % 2 == 0"),
    HelpPage(
      name: "tryFilter",
      paragraph:
        "`filter` whose condition may throw; an error thrown with `fail(\"…\")` becomes the failure (a division by zero still traps).",
      demo: "just 3, 1, 0, 2 | tryFilter x == 0 ? fail(\"zero\") : 6 / x > 2"),
    HelpPage(
      name: "removeDuplicates",
      paragraph: """
        Drops a value equal to the one just before it (not to every earlier one). \
        `removeDuplicates by { a, b in … }` decides with a closure of the previous value received \
        and the new one: true drops the new one.
        """,
      demo: "just 1, 1, 2, 2, 1 | removeDuplicates"),
    HelpPage(
      name: "first",
      paragraph: """
        Sends the first value (or the first that matches `where`), then finishes and cancels \
        upstream at once.
        """,
      demo: "marbles \"-1-2-3|\" | first where x > 1"),
    HelpPage(
      name: "tryFirst",
      paragraph:
        "`first where` whose condition may throw; an error thrown with `fail(\"…\")` becomes the failure (a division by zero still traps).",
      demo: "just 3, 0, 5 | tryFirst where x == 0 ? fail(\"zero\") : 6 / x > 4"),
    HelpPage(
      name: "last",
      paragraph: "Sends the last value (or the last that matched `where`) when upstream finishes.",
      demo: "marbles \"-1-2-3|\" | last"),
    HelpPage(
      name: "tryLast",
      paragraph:
        "`last where` whose condition may throw; an error thrown with `fail(\"…\")` becomes the failure (a division by zero still traps).",
      demo: "just 3, 0 | tryLast where x == 0 ? fail(\"zero\") : 6 / x > 1"),
    HelpPage(
      name: "prefix",
      paragraph: """
        Sends the first N values (`prefix 3`, also spelt `take 3`) or the values while a condition \
        holds (`prefix while E`), then finishes and cancels upstream: `prefix 3` finishes right \
        after the third value, `prefix while` at the first value that fails the condition. \
        `prefix untilOutputFrom S` passes values until the stream S (a bound name or \
        `{ pipeline }`, drawn as an inner row) sends its first value, then finishes; S finishing \
        without a value changes nothing.
        """,
      demo: "interval 100ms | prefix 3\ninterval 100ms | prefix untilOutputFrom { timer 350ms }"),
    HelpPage(
      name: "tryPrefix",
      paragraph:
        "`prefix while` whose condition may throw; an error thrown with `fail(\"…\")` becomes the failure (a division by zero still traps).",
      demo: "just 3, 2, 0 | tryPrefix while x == 0 ? fail(\"zero\") : 6 / x < 4"),
    HelpPage(
      name: "dropFirst",
      paragraph: """
        Drops the first value, or the first N (`dropFirst 2`, also `drop 2`); `drop while E` drops \
        values until the condition first fails. `drop untilOutputFrom S` drops values until the \
        stream S (a bound name or `{ pipeline }`, drawn as an inner row) sends its first value; \
        if S ends without one, so does the result.
        """,
      demo: "marbles \"-1-2-3|\" | dropFirst 2\ninterval 100ms | drop untilOutputFrom { timer 250ms } | take 2"),
    HelpPage(
      name: "tryDrop",
      paragraph:
        "`drop while` whose condition may throw; an error thrown with `fail(\"…\")` becomes the failure (a division by zero still traps).",
      demo: "just 3, 2, 0 | tryDrop while x == 0 ? fail(\"zero\") : 6 / x < 4"),
    HelpPage(
      name: "output",
      paragraph: """
        Sends only the value at that index (from 0), then finishes and cancels upstream.
        """,
      demo: "marbles \"-a-b-c|\" | output at 1"),
    HelpPage(
      name: "ignoreOutput",
      paragraph: """
        Drops every value and passes on only the completion. In Swift its Output is `Never`, \
        except on a sequence (`just 1,2`, `range`) or a `Just`, whose own `ignoreOutput()` is an \
        `Empty` that keeps the Output type.
        """,
      demo: "marbles \"-1-2|\" | ignoreOutput"),
  ]

  private static let timing: [HelpPage] = [
    HelpPage(
      name: "debounce",
      paragraph: """
        Waits for a quiet period: each value restarts the timer, and a value is sent only when no \
        other follows it within the time. When upstream finishes, Combine drops a value still \
        waiting (RxJS would send it).
        """,
      demo: "events 0ms:\"i\", 100ms:\"ip\", 450ms:\"iph\", 900ms:| | debounce 300ms"),
    HelpPage(
      name: "throttle",
      paragraph: """
        Sends at most one value per interval: the first value at once, then at the end of each \
        interval the latest value seen in it (`latest: true`, streamlab's default; Swift's \
        `throttle` has no default, so `latest:` is always written there) or the first \
        (`latest: false`). It asks upstream for every value before its subscriber has asked for \
        any, and drops a value that comes while nobody has asked: `just 1 | throttle 200ms` \
        sends only the completion, and a note says so.
        """,
      demo: "interval 100ms | take 5 | throttle 250ms latest: false"),
    HelpPage(
      name: "delay",
      paragraph: "Shifts every value and the completion later by the time.",
      demo: "marbles \"-a-b|\" | delay 150ms"),
    HelpPage(
      name: "timeout",
      paragraph: """
        Ends the stream when upstream stays silent for the time: it finishes (Combine's behaviour \
        without a custom error) or, with `fail \"msg\"`, fails.
        """,
      demo: "marbles \"-a-----b|\" | timeout 300ms"),
    HelpPage(
      name: "measureInterval",
      paragraph: "Replaces each value by the time since the previous one (or since subscription).",
      demo: "marbles \"-a--b-c|\" | measureInterval"),
  ]

  /// Two streams the combining demos share.
  private static let twoStreams = "let a = marbles \"-a---b-|\"\nlet b = marbles \"--1-2---|\"\n"

  private static let combining: [HelpPage] = [
    HelpPage(
      name: "merge",
      paragraph: "Sends the values of all the streams as they come; finishes when all have finished.",
      demo: twoStreams + "a | merge b"),
    HelpPage(
      name: "zip",
      paragraph: """
        Pairs values in order: the first of each stream, then the second of each, and so on. It \
        waits for every stream, and finishes when one finishes with no pair left to make.
        """,
      demo: twoStreams + "a | zip b"),
    HelpPage(
      name: "combineLatest",
      paragraph: """
        Whenever any stream sends, sends the latest value of each, but only once every stream has \
        sent at least one. A trailing `{ a, b in … }` transforms the pair.
        """,
      demo: twoStreams + "a | combineLatest b"),
    HelpPage(
      name: "append",
      paragraph: "After upstream finishes, sends these values (or subscribes to this stream).",
      demo: "marbles \"-1-2|\" | append 3, 4"),
    HelpPage(
      name: "prepend",
      paragraph: "Sends these values (or this whole stream) first, then subscribes to upstream.",
      demo: "marbles \"-1-2|\" | prepend 0"),
  ]

  private static let errors: [HelpPage] = [
    HelpPage(
      name: "catch",
      paragraph: """
        When upstream fails, subscribes to the given stream instead and passes on what it sends. \
        The original stream is over either way. The fallback is drawn on its own row under \
        catch's, labelled `↳ #` and the failure it replaced.
        """,
      demo: "marbles \"-1-#\" | catch { just 0 }"),
    HelpPage(
      name: "replaceError",
      paragraph: "When upstream fails, sends this value and finishes.",
      demo: "marbles \"-1-#\" | replaceError 0"),
    HelpPage(
      name: "retry",
      paragraph: """
        When upstream fails, subscribes to it again, up to N times; a cold source starts over \
        each time. The upstream's row marks each new subscription with `^`, next to the `#` it \
        replaces.
        """,
      demo: "marbles \"-1-2-#\" | retry 1"),
    HelpPage(
      name: "mapError",
      paragraph: """
        Transforms the failure (its message is `x`); values pass unchanged. On a stream that \
        cannot fail, `mapError x` (Swift's `mapError { $0 }`) keeps `Never`: to give it a \
        Failure type, use `setFailureType`.
        """,
      demo: "marbles \"-1-#\" | mapError \"wrapped\""),
    HelpPage(
      name: "replaceEmpty",
      paragraph: "If upstream finishes without a single value, sends this value before finishing.",
      demo: "empty | replaceEmpty 0"),
    HelpPage(
      name: "tryCatch",
      paragraph: """
        Like `catch`, but its closure may fail: the closure sees the failure's message (`x`, `$0` \
        or `{ e in … }`) and gives the stream to continue with, or calls `fail("…")` to fail \
        with a new failure instead. The fallback is drawn on its own row, as `catch`'s is.
        """,
      demo: """
        marbles "-1-#" | tryCatch { just 0 }
        fail "offline" | tryCatch { e in e == "offline" ? fail("still " + e) : { just 0 } }
        """),
  ]

  private static let sharing: [HelpPage] = [
    HelpPage(
      name: "share",
      paragraph: """
        One upstream subscription for every subscriber: the first subscriber starts it, a later \
        one gets only what is sent after it joins. The stages before `share` are drawn once, \
        under `s, shared by N subscribers:`, then each subscriber's row. Without `share`, each \
        subscriber's row has its own subscription of those stages under it.
        """,
      demo: "let s = interval 100ms | take 4 | share\ns\ns @250ms"),
    HelpPage(
      name: "multicast",
      paragraph: """
        Like `share`, but nothing flows until `connect NAME @T`, so every subscriber can be in \
        place before the first value. The stages before it are drawn once, shared by every \
        subscriber: their `^` is the connect.
        """,
      demo: "let m = interval 100ms | take 3 | multicast\nm\nm @50ms\nconnect m @100ms"),
    HelpPage(
      name: "makeConnectable",
      paragraph: """
        Combine's shortcut for `multicast` with a `PassthroughSubject`: shares, and nothing \
        flows until `connect NAME @T` (or until `autoconnect` after it). Combine offers it only \
        for streams that cannot fail.
        """,
      demo: "let m = interval 100ms | take 3 | makeConnectable\nm\nm @150ms\nconnect m @100ms"),
    HelpPage(
      name: "autoconnect",
      paragraph: """
        After `makeConnectable` or `multicast`: connects at the first subscription, so no \
        `connect` is needed, and shares with every later subscriber. When the last subscriber \
        cancels it disconnects, and the next subscription connects again, from the start. \
        `Timer.publish(every:on:in:).autoconnect()` is how app code starts a timer (`interval`).
        """,
      demo: "let t = interval 100ms | makeConnectable | autoconnect\nt @..250ms\nt | take 1 @300ms"),
  ]

  private static let more: [HelpPage] = [
    HelpPage(
      name: "buffer",
      paragraph: """
        Holds up to N values for a subscriber slower than its upstream. `prefetch: byRequest` \
        (streamlab's default; Swift's `buffer(size:prefetch:whenFull:)` has no defaults, so all \
        three are written there) asks upstream for everything at once; `prefetch: keepFull` asks \
        for N, then one more for each value handed on, so a timed source drops what finds no \
        demand. When a value arrives at a full buffer, `whenFull: dropOldest` (streamlab's \
        default) drops the oldest \
        one held, `dropNewest` the new one, and `fail "msg"` fails, cancelling upstream: that \
        failure reaches the subscriber at its next request, after the values it asks for. As \
        Apple's, it asks upstream before its subscriber has asked for anything: `just 1,2,3 | \
        buffer 2` loses 1. Its `finished` waits for the subscriber to ask once the buffer is \
        empty. Try it with `flatMap max 1`, which asks for one value at a time.
        """,
      demo: """
        interval 100ms | take 10 | buffer 3 prefetch: keepFull whenFull: dropOldest | flatMap max 1 { just x | delay 250ms }
        """),
    HelpPage(
      name: "values",
      paragraph: """
        A `for await value in publisher.values { … }` loop in a `Task`, whose body takes the time after \
        `each` (none without it): the short form of async/await's bridge from Combine. Like Swift's \
        `AsyncPublisher`, the loop asks for one value (`.max(1)`, see `:trace`) each time round, and \
        nothing while its body runs, so a `subject` drops what it sends meanwhile (`×`). A `buffer` \
        in front keeps those values for the loop's next turns. `values` ends a bare pipeline: \
        nothing follows it, and it is not bound or nested. In Swift: `Task { for await value in \
        subject.values { try? await Task.sleep(for: .milliseconds(250)) } }`; pasted, that runs as \
        Swift, with a row for the task. A bare `values` pipeline is such a loop in a task of its own, drawn without a task row; `task { sleep 300ms; s | values each \
        100ms } @..900ms` writes the task out: its steps run in order from its `@T` (0 without), \
        `sleep T` waits (`try await Task.sleep(for:)`), each `values` loop waits until its \
        pipeline completes, and `@..T` cancels it (`task.cancel()`): a sleep ends at once and \
        ends the task, a loop's subscription is cancelled and the loop ends. Each task gets a row \
        under `tasks:`: `o` where it went on after waiting, `|` finished, `x` cancelled.
        """,
      demo: """
        let s = subject 100ms:1, 200ms:2, 300ms:3, 400ms:4, 500ms:5, 600ms:6, 900ms:|; s | values each 250ms
        """),
  ]

  private static let aggregates: [HelpPage] = [
    HelpPage(
      name: "count",
      paragraph: "Sends how many values upstream sent, when it finishes.",
      demo: "marbles \"-a-b-c|\" | count"),
    HelpPage(
      name: "min",
      paragraph: "Sends the smallest value when upstream finishes.",
      demo: "just 3, 1, 2 | min"),
    HelpPage(
      name: "max",
      paragraph: "Sends the largest value when upstream finishes.",
      demo: "just 3, 1, 2 | max"),
    HelpPage(
      name: "contains",
      paragraph: "Sends true and finishes as soon as the value arrives; false if upstream finishes first.",
      demo: "marbles \"-1-2-3|\" | contains 2"),
    HelpPage(
      name: "allSatisfy",
      paragraph: "Sends false as soon as a value fails the condition, or true when upstream finishes.",
      demo: "just 2, 4, 5 | allSatisfy x % 2 == 0"),
    HelpPage(
      name: "tryAllSatisfy",
      paragraph:
        "`allSatisfy` whose condition may throw; an error thrown with `fail(\"…\")` becomes the failure (a division by zero still traps).",
      demo: "just 2, 1, 0 | tryAllSatisfy x == 0 ? fail(\"zero\") : 2 / x > 0"),
  ]
}
