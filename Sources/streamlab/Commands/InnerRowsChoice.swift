import ArgumentParser

/// `--inner on|off`: whether diagrams and documents show inner rows.
enum InnerRowsChoice: String, ExpressibleByArgument, CaseIterable {
  case on
  case off
}
