#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a report knows before the first submission is graded.
struct ReportContext {
  var lesson: String
  /// Every submission's name, in the order they are graded.
  var students: [String]
  /// How many entries there will be in all (TAP's plan).
  var entryCount: Int
  /// Points possible in all (the JSON report's `max_score`).
  var possiblePoints: Int
}

/// What has been graded so far.
public struct ReportTotals: Hashable {
  public var entries = 0
  public var passed = 0
  public var failed = 0
  /// Entries that could not be checked (they count as failed too).
  public var errors = 0
  public var points = Points(earned: 0, possible: 0)
  public var submissions = 0

  mutating func add(_ graded: [GradeEntry]) {
    entries += graded.count
    passed += graded.filter(\.passed).count
    failed += graded.filter { !$0.passed }.count
    errors += graded.filter(\.isError).count
    let more = Points(graded)
    points = Points(earned: points.earned + more.earned, possible: points.possible + more.possible)
    submissions += 1
  }
}

/// A grade report written submission by submission (issue 34): each part is
/// handed to `write` as soon as its submission is graded, so grading a class
/// of 10,000 holds a few submissions' entries in memory, not the class's.
/// JUnit's root element and the JSON document's first keys hold the totals,
/// so their tests wait in a temporary file until the last is graded, and are
/// then copied out in chunks. TAP's per-student points stay where they were,
/// after every test point: a name and two numbers per student are kept.
public struct ReportWriter {
  let format: ReportFormat
  let context: ReportContext
  let write: (String) -> Void
  public private(set) var totals = ReportTotals()
  private var classNames: [String: String] = [:]
  /// TAP's `# points E/P student` lines, written after the last test point.
  private var studentPoints: [String] = []
  private var spool: Spool?

  /// - Parameters:
  ///   - students: every submission's name, in the order they will be added.
  ///   - exercises: the lesson's exercises, each submission's entries.
  public init(
    format: ReportFormat, lesson: String, students: [String], exercises: [Exercise], write: @escaping (String) -> Void
  ) {
    let points = exercises.map(\.points).reduce(0, +)
    self.init(
      format: format,
      context: ReportContext(
        lesson: lesson, students: students, entryCount: students.count * exercises.count,
        possiblePoints: students.count * points),
      write: write)
  }

  init(format: ReportFormat, context: ReportContext, write: @escaping (String) -> Void) {
    self.format = format
    self.context = context
    self.write = write
    switch format {
    case .text, .results: break
    case .tap: write(TAPReport.start(context))
    case .json: spool = Spool()
    case .junit:
      classNames = JUnitReport.className(for: context.students, lesson: context.lesson)
      spool = Spool()
    }
  }

  /// One submission's entries, in exercise order.
  public mutating func add(_ entries: [GradeEntry]) {
    let before = totals
    totals.add(entries)
    let student = entries.first?.student ?? ""
    switch format {
    case .text: write(TextReport.submission(entries, in: context))
    case .tap:
      write(TAPReport.submission(entries, numberedAfter: before.entries))
      if context.students.count > 1 { studentPoints.append(TAPReport.points(of: entries)) }
    case .json: spool?.append(JSONReport.submission(entries, first: before.entries == 0))
    case .results: write(ResultsReport.submission(entries, student: student))
    case .junit: spool?.append(JUnitReport.submission(entries, className: classNames[student] ?? student))
    }
  }

  /// What follows the last submission.
  public mutating func finish() {
    switch format {
    case .text: write(TextReport.finish(totals))
    case .tap: write(studentPoints.joined() + TAPReport.finish(totals))
    case .json:
      write(JSONReport.start(context, totals: totals))
      spool?.copy(to: write)
      write(JSONReport.finish(totals))
    case .results:
      // A lesson with no exercises still gives a document: everything (nothing) passed.
      if totals.submissions == 0 { write(ResultsReport.submission([], student: context.lesson)) }
    case .junit:
      write(JUnitReport.start(context, totals: totals))
      spool?.copy(to: write)
      write(JUnitReport.finish)
    }
  }
}

/// Text kept in a temporary file (in memory if none can be made) and read
/// back in chunks.
private final class Spool {
  private let file: UnsafeMutablePointer<FILE>?
  private var kept = ""

  init() { file = tmpfile() }

  /// How many bytes the UTF-8 sequence starting with `lead` has.
  static func length(of lead: UInt8) -> Int {
    lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
  }

  deinit { if let file { fclose(file) } }

  func append(_ text: String) {
    guard let file else {
      kept += text
      return
    }
    fputs(text, file)
  }

  func copy(to write: (String) -> Void) {
    guard let file else { return write(kept) }
    rewind(file)
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var carried: [UInt8] = []
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count <= 0 { break }
      var bytes = carried + buffer[..<count]
      // A chunk may end inside a character: its first bytes wait for the next chunk.
      let start = bytes.lastIndex { $0 & 0xC0 != 0x80 } ?? bytes.count
      let complete = start < bytes.count && Self.length(of: bytes[start]) > bytes.count - start ? start : bytes.count
      carried = Array(bytes[complete...])
      bytes.removeSubrange(complete...)
      write(String(decoding: bytes, as: UTF8.self))
    }
    if !carried.isEmpty { write(String(decoding: carried, as: UTF8.self)) }
  }
}
