extension HelpPage {
  /// `print`: Combine's own log, captured and shown after the diagram.
  static let debugging: [HelpPage] = [
    HelpPage(
      name: "print",
      paragraph: """
        Passes every event through unchanged and logs it in Combine's own words \
        (`tag: receive subscription: (…)`, `tag: request unlimited`, `tag: receive value: (1)`, \
        `tag: receive finished`). The log is shown after the diagram, each line led by its \
        virtual time, and in JSON as `"log"`: it never mixes with the rows.
        """,
      signature: "func print(_ prefix: String = \"\", to stream: TextOutputStream? = nil) -> Publishers.Print<Self>",
      demo: "events 0ms:1, 100ms:2, 200ms:| | print \"tap\" | take 1")
  ]
}
