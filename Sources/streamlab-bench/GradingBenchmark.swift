import Foundation

/// `streamlab-bench grading [repetitions] [sizes…]`: a class graded as a
/// teacher grades it (issue 34), `streamlab run lessons/lesson04.txt
/// --answers …` on 1,000 and 10,000 students' files, as a whole process.
///
/// Each student's file is the lesson's student copy (`lesson student`) with
/// every `answer:` filled: three in five exercises right (the solution), one
/// in five a wrong output (`… | map x`), one in five a near miss (the
/// solution's operator with half its time, which the lesson's checks catch),
/// rotating over students so every exercise gets each. The baseline is the
/// same class graded on one core (`taskset -c 0`), in the same run; the
/// table gives the time per student and the peak memory, which must not grow
/// with the class.
enum GradingBenchmark {
  static let defaultSizes = [1_000, 10_000]

  struct Row {
    let students: Int
    let oneCore: Bool
    var runs: [ProcessRun] = []
    var best: Double { runs.map(\.seconds).min() ?? 0 }
    var cpu: Double { runs.map(\.cpuSeconds).min() ?? 0 }
    var peak: Int { runs.map(\.peakBytes).min() ?? 0 }
  }

  static func measure(repetitions: Int, sizes: [Int], binary: String) {
    let lesson = "lessons/lesson04.txt"
    guard let copy = output(of: binary, ["lesson", "student", lesson]) else {
      print("streamlab-bench grading: `\(binary) lesson student \(lesson)` did not run; build streamlab first")
      return
    }
    let solutions =
      (try? String(contentsOfFile: lesson, encoding: .utf8))?.split(separator: "\n")
      .filter { $0.hasPrefix("solution: ") }.map { String($0.dropFirst("solution: ".count)) } ?? []
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("streamlab-bench-grading-\(getpid())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let largest = sizes.max() ?? 0
    let paths = (0..<largest).map { student -> String in
      let path = directory.appendingPathComponent("student\(student).txt").path
      try? answered(copy, solutions: solutions, student: student).write(
        toFile: path, atomically: false, encoding: .utf8)
      return path
    }
    let taskset = FileManager.default.isExecutableFile(atPath: "/usr/bin/taskset") ? "/usr/bin/taskset" : nil
    var rows: [Row] = sizes.flatMap { size in
      [Row(students: size, oneCore: false)] + (taskset == nil ? [] : [Row(students: size, oneCore: true)])
    }
    let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
    print("streamlab-bench grading: \(binary) run \(lesson) --answers <N files> --format results, on \(cores) cores")
    print("\(repetitions) repetitions per row, rows taking turns; best wall time, best CPU time, smallest peak memory")
    for _ in 0..<max(repetitions, 1) {
      for index in rows.indices {
        let arguments = ["run", lesson, "--answers"] + paths.prefix(rows[index].students) + ["--format", "results"]
        let run =
          rows[index].oneCore
          ? ProcessRun.run(taskset ?? "", ["-c", "0", binary] + arguments, quiet: true)
          : ProcessRun.run(binary, arguments, quiet: true)
        if let run { rows[index].runs.append(run) }
      }
    }
    print(table(rows))
  }

  /// What `binary arguments` prints, or nil when it does not run or fails.
  static func output(of binary: String, _ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
  }

  /// The student copy with each `answer:` filled as `student` answers it.
  static func answered(_ copy: String, solutions: [String], student: Int) -> String {
    var exercise = 0
    return copy.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      guard line == "answer:", exercise < solutions.count else { return String(line) }
      defer { exercise += 1 }
      let solution = solutions[exercise]
      switch (student + exercise) % 5 {
      case 3: return "answer: " + (solution.split(separator: " ").first.map(String.init) ?? "just 1") + " | map x"
      case 4: return "answer: " + halved(solution)
      default: return "answer: " + solution
      }
    }.joined(separator: "\n")
  }

  /// `typing | debounce 300ms` → `typing | debounce 150ms`.
  static func halved(_ solution: String) -> String {
    solution.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
      guard word.hasSuffix("ms"), let number = Int(word.dropLast(2)) else { return String(word) }
      return "\(max(number / 2, 1))ms"
    }.joined(separator: " ")
  }

  static func table(_ rows: [Row]) -> String {
    var lines = [
      "  students  cores     wall      CPU   per student   peak memory   vs one core"
    ]
    for row in rows {
      let perStudent = row.students > 0 ? row.best / Double(row.students) * 1000 : 0
      let oneCore = rows.first { $0.students == row.students && $0.oneCore }
      let speedup =
        row.oneCore ? "baseline" : oneCore.map { String(format: "%.2f× faster", $0.best / max(row.best, 1e-9)) } ?? "-"
      lines.append(
        String(
          format: "  %8d  %5@  %6.2f s  %6.2f s  %8.3f ms  %9.1f MB   %@", row.students,
          row.oneCore ? "1" : "all", row.best, row.cpu, perStudent, Double(row.peak) / 1_048_576, speedup))
    }
    if let small = rows.first(where: { !$0.oneCore }), let large = rows.last(where: { !$0.oneCore }),
      large.students > small.students
    {
      lines.append(
        String(
          format: "  %d× the students: %.2f× the time, %.2f× the peak memory", large.students / max(small.students, 1),
          large.best / max(small.best, 1e-9), Double(large.peak) / Double(max(small.peak, 1))))
    }
    return lines.joined(separator: "\n")
  }
}
