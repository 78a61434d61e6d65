/// What `:help NAME` says about one source or operator beyond its one-line
/// summary: a paragraph and a short program whose run is drawn as the page's
/// diagram. The Combine declaration it stands for comes from StreamLang's one
/// table, `CombineSignature`.
///
/// The diagram is never stored: the page runs `demo` through the
/// interpreter each time, so it always shows what the engine really does.
struct HelpPage {
  /// The keyword as typed (`debounce`); aliases find their canonical page.
  var name: String
  var paragraph: String
  /// A complete program that shows the keyword at work.
  var demo: String
}
