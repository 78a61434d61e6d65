import Foundation
import StreamCore
import StreamLang
import Testing

@testable import StreamLab

/// Which rows of `--format json` say `"draggable": true`: those drawn from a
/// `marbles` or `events` literal, directly or through `let`s.
@Suite struct DraggableRowTests {
  /// Each row's label with its `draggable` and `frame` fields, as `eval --format json` prints them.
  private func dragging(_ program: String) throws -> [String: String] {
    let answer = FrontDoor.evaluate(FrontDoorRequest(program, format: .json))
    guard case .ran = answer.outcome else {
      Issue.record("\(program) should run")
      return [:]
    }
    let document = answer.document
    let object = try #require(try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any])
    let rows = try #require(object["rows"] as? [[String: Any]])
    var fields: [String: String] = [:]
    for row in rows {
      let label = try #require(row["label"] as? String)
      let draggable = (row["draggable"] as? Bool).map { "draggable \($0)" } ?? "fixed"
      fields[label] = draggable + ((row["frame"] as? Double).map { " frame \(Int($0))" } ?? "")
    }
    return fields
  }

  @Test func aMarblesSourceRowIsDraggableOnItsFrame() throws {
    #expect(
      try dragging(#"marbles "-a-b|" frame 50ms | map x + "!""#) == [
        #"marbles "-a-b|" frame 50ms"#: "draggable true frame 50", #"map x + "!""#: "fixed",
      ])
  }

  @Test func anEventsSourceRowIsDraggableWithoutAFrame() throws {
    #expect(
      try dragging(#"events 0ms:"i", 100ms:"ip", 900ms:| | debounce 300ms"#) == [
        #"events 0ms:"i", 100ms:"ip", 900ms:|"#: "draggable true", "debounce 300ms": "fixed",
      ])
  }

  @Test func aBoundLiteralIsDraggableOnItsStageRowAndItsInnerRow() throws {
    #expect(
      try dragging(#"let a = marbles "-a---b-|"; let b = marbles "--1-2---|"; a | merge b"#) == [
        "a": "draggable true frame 100", "merge b": "fixed", "b": "draggable true frame 100",
      ])
  }

  @Test func otherSourcesAreFixed() throws {
    #expect(
      try dragging(#"just 1; interval 100ms | take 1; range 1...3"#) == [
        "just 1": "fixed", "interval 100ms": "fixed", "take 1": "fixed", "range 1...3": "fixed",
      ])
  }

  @Test func aBoundPipelineWithOperatorsIsFixedButItsLiteralsInnerRowIsDraggable() throws {
    #expect(
      try dragging(#"let a = marbles "-a|" | map x; a"#) == [
        "a": "fixed", #"marbles "-a|""#: "draggable true frame 100",
      ])
  }
}
