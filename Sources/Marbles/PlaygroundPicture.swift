import StreamCore

/// What the browser playground asks of an SVG picture beyond `--format svg`:
/// the picture is put into the page itself, so it carries the page's hooks
/// (which row and event each mark is, the time axis's scale, the instants
/// the clock steps to) and leaves its look to the page's style sheet.
public struct PlaygroundPicture: Hashable {
  /// The rows the student may drag, by their index in the run's rows (the
  /// JSON document's `rows`, which `/api/move` names).
  public var draggable: [Int: DraggableRow]
  /// Predict mode: output rows are drawn empty, and nothing under the
  /// picture (legend, notes, log) tells what they hold.
  public var hidesOutput: Bool
  /// The scale of the picture the student was dragging in, kept so the marks
  /// that did not move stay where they were; nil fits the run as usual.
  public var pixelsPerMillisecond: Double?
  /// A phone's screen: each row's label above it, so the time axis has the
  /// picture's whole width, and a time axis from 240 px (480 otherwise).
  public var narrow: Bool
  /// The width in px the page shows the picture at, when the picture would
  /// otherwise be shrunk to it: the time axis is fitted to it instead, so
  /// the text keeps its size; nil lays the axis out by its instants alone.
  public var width: Double?
  /// Every mark carries its event's id and the ids of the events it was
  /// made from (the run must have tracked its causes), so a click shows
  /// its causes across every row (issue 33).
  public var showsCauses: Bool

  public init(
    draggable: [Int: DraggableRow] = [:], hidesOutput: Bool = false, pixelsPerMillisecond: Double? = nil,
    narrow: Bool = false, width: Double? = nil, showsCauses: Bool = false
  ) {
    self.draggable = draggable
    self.hidesOutput = hidesOutput
    self.pixelsPerMillisecond = pixelsPerMillisecond
    self.narrow = narrow
    self.width = width
    self.showsCauses = showsCauses
  }
}

/// Where each drawn mark of one row is in the row's events as the JSON
/// document lists them (demand and drops left out): what `data-event` says,
/// so a dragged mark names the event `/api/move` rewrites; and where it is
/// in the row's own events, which its cause id is kept by.
struct DocumentEventIndices {
  /// One drawn event: its index in the document's row, and in `Timeline.events`.
  struct Place {
    var document: Int
    var event: Int
  }

  /// Per instant, the places of its values and of its other marks, in order.
  private var byTime: [VirtualTime: (values: [Place], others: [Place])] = [:]

  /// The indices of `row`'s events at its first `instants` drawn instants.
  init(_ row: Timeline, instants: Int) {
    var position = 0
    var seen = 0
    var lastTime: VirtualTime?
    for index in row.events.indices {
      let kind = row.events.kind(at: index)
      switch kind {
      case .requested, .dropped: continue
      default: break
      }
      defer { position += 1 }
      let time = row.events.time(at: index)
      if kind == .subscribed && time == .zero { continue }
      if time != lastTime {
        seen += 1
        guard seen <= instants else { break }
        lastTime = time
      }
      let place = Place(document: position, event: index)
      if case .value = kind {
        byTime[time, default: ([], [])].values.append(place)
      } else {
        byTime[time, default: ([], [])].others.append(place)
      }
    }
  }

  /// The place of the `valueIndex`-th value at `time`.
  func value(_ valueIndex: Int, at time: VirtualTime) -> Place? {
    guard let values = byTime[time]?.values, values.indices.contains(valueIndex) else { return nil }
    return values[valueIndex]
  }

  /// The place of the `otherIndex`-th mark other than a value at `time`.
  func other(_ otherIndex: Int, at time: VirtualTime) -> Place? {
    guard let others = byTime[time]?.others, others.indices.contains(otherIndex) else { return nil }
    return others[otherIndex]
  }
}
