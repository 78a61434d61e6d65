extension HelpPage {
  /// `print` and `handleEvents`: Combine's own log and side-effect closures,
  /// captured and shown after the diagram.
  static let debugging: [HelpPage] = [
    HelpPage(
      name: "print",
      paragraph: """
        Passes every event through unchanged and logs it in Combine's own words \
        (`tag: receive subscription: (…)`, `tag: request unlimited`, `tag: receive value: (1)`, \
        `tag: receive finished`). The log is shown after the diagram, each line led by its \
        virtual time, and in JSON as `"log"`: it never mixes with the rows.
        """,
      demo: "events 0ms:1, 100ms:2, 200ms:| | print \"tap\" | take 1"),
    HelpPage(
      name: "handleEvents",
      paragraph: """
        Passes every event through unchanged and, when an event happens, logs the value of its \
        expression in the same log as `print` (after the diagram, each line led by its virtual \
        time; `"log"` in JSON). Give any of `subscription:`, `output:`, `completion:`, `cancel:`, \
        `request:`, in any order, each once. In the expression `x` is the value for `output:`, \
        `"finished"` or the failure's message for `completion:`, the demand (a count, or \
        `"unlimited"`) for `request:`, the subscription's name for `subscription:`, and nil for \
        `cancel:`. Combine's closures cannot throw, so an error in an expression stops the run, \
        as in `map`. In Swift: `.handleEvents(receiveOutput: { x in print("got \\(x)") })`.
        """,
      demo: "interval 100ms | handleEvents output: \"got \" + String(x), cancel: \"cancelled\", request: x | take 2"),
  ]
}
